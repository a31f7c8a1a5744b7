import type {
  CreateInviteBody,
  Invite,
  InvitePreview,
  Me,
  RegisterBody,
  Role,
  SetupTenantResult,
  TenantUser,
} from '@parser/contracts';
import { CreateInviteBodySchema } from '@parser/contracts';

import type { Database, DbExecutor } from '../../db/client.js';
import type { InviteRow } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import type { TenantAuth } from '../../plugins/auth.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { hashOpaqueToken, newOpaqueToken } from '../auth/tokens.js';

import type { MemberRow, TenantsRepository } from './tenants.repository.js';

export const DEFAULT_TENANT_NAME = 'My Company';

const INVITE_TTL_DAYS = 7;
/** Members and invites are listed whole on the settings screen; the cap keeps the answer bounded. */
const LIST_LIMIT = 1000;

export interface TenantsDeps {
  db: Database;
  tenants: TenantsRepository;
  auth: AuthService;
  apiKeys: ApiKeysService;
}

/** Membership of a tenant: the team list, roles, removal and invitations. */
export class TenantsService {
  constructor(private readonly deps: TenantsDeps) {}

  /** Creates the caller's company with them as admin; a user who already has one gets it back. */
  async register(userId: string, body: RegisterBody): Promise<Me> {
    if (body.uid !== userId) {
      throw new AppError('FORBIDDEN', { message: 'The uid does not match the signed-in user' });
    }
    await this.deps.db.transaction().execute(async (trx) => {
      const user = await this.deps.auth.findUser(userId, trx);
      if (!user || user.tenantId) return;
      const tenant = await this.deps.tenants.createTenant(
        body.tenant_name?.trim() || DEFAULT_TENANT_NAME,
        trx,
      );
      await this.deps.tenants.assignUser(userId, tenant.id, 'admin', trx);
    });
    return this.deps.auth.me(userId);
  }

  /**
   * Repairs an account that has no company: creates one with the user as admin. Every tenant-owned
   * row carries a non-null tenant_id, so there are never orphaned documents to re-attach.
   */
  async setupTenant(userId: string): Promise<SetupTenantResult> {
    const created = await this.deps.db.transaction().execute(async (trx) => {
      const user = await this.deps.auth.findUser(userId, trx);
      if (!user) throw new AppError('UNAUTHENTICATED', { message: 'Account no longer exists' });
      if (user.tenantId) return false;
      const tenant = await this.deps.tenants.createTenant(DEFAULT_TENANT_NAME, trx);
      await this.deps.tenants.assignUser(userId, tenant.id, 'admin', trx);
      return true;
    });
    return {
      message: created
        ? 'Company created and your account attached to it as admin'
        : 'Your account is already attached to its company',
      fixed_documents: 0,
    };
  }

  /** A member of the company (their e-mail and role), or undefined for anyone else. */
  findMember(tenantId: string, userId: string, trx?: DbExecutor): Promise<MemberRow | undefined> {
    return this.deps.tenants.findMember(tenantId, userId, trx);
  }

  async listUsers(auth: TenantAuth): Promise<TenantUser[]> {
    const members = await this.deps.tenants.listMembers(auth.tenantId, LIST_LIMIT);
    if (auth.role !== 'admin') return members.map(toTenantUser);
    // Admins decide on removal whether the member's keys go too, so they see how many there are.
    const keys = await this.deps.apiKeys.countActiveByCreator(auth.tenantId);
    return members.map((member) => ({
      ...toTenantUser(member),
      active_api_keys: keys.get(member.id) ?? 0,
    }));
  }

  async changeRole(auth: TenantAuth, userId: string, role: Role): Promise<TenantUser> {
    requireAdmin(auth);
    assertId(userId, 'User');
    return this.deps.db.transaction().execute(async (trx) => {
      const member = await this.deps.tenants.findMember(auth.tenantId, userId, trx);
      if (!member) throw notFound('User');
      if (member.role === 'admin' && role !== 'admin') {
        const admins = await this.deps.tenants.countAdminsForUpdate(auth.tenantId, trx);
        if (admins <= 1) {
          throw new AppError('CONFLICT', { message: 'A company needs at least one admin' });
        }
      }
      await this.deps.tenants.setRole(auth.tenantId, userId, role, trx);
      return toTenantUser({ ...member, role });
    });
  }

  /**
   * Removes a member. The API keys they created stop working with them unless the admin keeps
   * them (`revokeApiKeys: false`): a key must not outlive its creator's access by accident.
   */
  async removeMember(
    auth: TenantAuth,
    userId: string,
    { revokeApiKeys }: { revokeApiKeys: boolean } = { revokeApiKeys: true },
  ): Promise<void> {
    requireAdmin(auth);
    assertId(userId, 'User');
    if (userId === auth.userId) {
      throw new AppError('CONFLICT', { message: 'You cannot remove yourself from the company' });
    }
    await this.deps.db.transaction().execute(async (trx) => {
      const member = await this.deps.tenants.findMember(auth.tenantId, userId, trx);
      if (!member) throw notFound('User');
      await this.deps.tenants.detachMember(auth.tenantId, userId, trx);
      // A removed member's open sessions end now, not when their tokens expire.
      await this.deps.auth.endSessions(userId, trx);
      if (revokeApiKeys) await this.deps.apiKeys.revokeCreatedBy(auth.tenantId, userId, trx);
    });
  }

  async createInvite(auth: TenantAuth, input: CreateInviteBody, baseUrl: string): Promise<Invite> {
    requireAdmin(auth);
    const body = CreateInviteBodySchema.parse(input);
    if (await this.deps.tenants.findMemberByEmail(auth.tenantId, body.email)) {
      throw new AppError('CONFLICT', {
        message: 'This person is already a member of your company',
      });
    }
    const { token, hash } = newOpaqueToken();
    const invite = await this.deps.tenants.createInvite({
      tenantId: auth.tenantId,
      email: body.email,
      role: body.role,
      tokenHash: hash,
      invitedBy: auth.userId,
      expiresAt: new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000),
    });
    return { ...toInvite(invite), invite_url: `${baseUrl.replace(/\/$/, '')}/invite/${token}` };
  }

  async listInvites(auth: TenantAuth): Promise<Invite[]> {
    requireAdmin(auth);
    const invites = await this.deps.tenants.listPendingInvites(auth.tenantId, LIST_LIMIT);
    return invites.map(toInvite);
  }

  async revokeInvite(auth: TenantAuth, inviteId: string): Promise<void> {
    requireAdmin(auth);
    assertId(inviteId, 'Invite');
    if (!(await this.deps.tenants.revokeInvite(auth.tenantId, inviteId))) throw notFound('Invite');
  }

  async previewInvite(token: string): Promise<InvitePreview> {
    const invite = await this.deps.tenants.findUsableInvite(hashOpaqueToken(token));
    if (!invite) throw invalidInvite();
    return { tenant_name: invite.tenantName, email: invite.email, role: invite.role };
  }

  /** Joins the invite's tenant. The invite is bound to the e-mail it was sent to. */
  async acceptInvite(userId: string, token: string): Promise<Me> {
    await this.deps.db.transaction().execute(async (trx) => {
      const invite = await this.deps.tenants.findUsableInvite(hashOpaqueToken(token), trx);
      if (!invite) throw invalidInvite();
      const user = await this.deps.auth.findUser(userId, trx);
      if (!user) throw new AppError('UNAUTHENTICATED', { message: 'Account no longer exists' });
      if (user.email !== invite.email) {
        throw new AppError('FORBIDDEN', {
          message: `This invite was sent to ${invite.email}. Sign in with that address to accept it.`,
        });
      }
      if (user.tenantId && user.tenantId !== invite.tenantId) {
        throw new AppError('CONFLICT', {
          message: 'Your account already belongs to a company. Ask its admin to remove you first.',
        });
      }
      if (!user.tenantId)
        await this.deps.tenants.assignUser(userId, invite.tenantId, invite.role, trx);
      await this.deps.tenants.markInviteAccepted(invite.id, userId, trx);
    });
    return this.deps.auth.me(userId);
  }
}

function requireAdmin(auth: TenantAuth): void {
  if (auth.role !== 'admin') {
    throw new AppError('FORBIDDEN', { message: 'Only an admin of your company can do this' });
  }
}

const invalidInvite = () =>
  new AppError('NOT_FOUND', { message: 'This invite link is invalid or has expired' });

const toTenantUser = (member: MemberRow): TenantUser => ({
  id: member.id,
  email: member.email,
  role: member.role,
  created_at: new Date(member.createdAt).toISOString(),
});

const toInvite = (invite: InviteRow): Invite => ({
  id: invite.id,
  email: invite.email,
  role: invite.role,
  created_at: new Date(invite.createdAt).toISOString(),
  expires_at: new Date(invite.expiresAt).toISOString(),
});
