import { sql } from 'kysely';

import type { Database, DbExecutor } from '../../db/client.js';
import type { InviteRow, TenantRow } from '../../db/schema.js';

export interface MemberRow {
  id: string;
  email: string;
  role: 'admin' | 'member';
  createdAt: Date;
}

/** Tenants, their members and invitations. Every query is scoped by the tenant id it is given. */
export class TenantsRepository {
  constructor(private readonly db: Database) {}

  createTenant(name: string, trx: DbExecutor = this.db): Promise<TenantRow> {
    return trx.insertInto('tenants').values({ name }).returningAll().executeTakeFirstOrThrow();
  }

  async assignUser(
    userId: string,
    tenantId: string,
    role: 'admin' | 'member',
    trx: DbExecutor = this.db,
  ): Promise<void> {
    await trx
      .updateTable('users')
      .set({ tenantId, role, updatedAt: new Date() })
      .where('id', '=', userId)
      .execute();
  }

  listMembers(tenantId: string, limit: number, trx: DbExecutor = this.db): Promise<MemberRow[]> {
    return trx
      .selectFrom('users')
      .select(['id', 'email', 'role', 'createdAt'])
      .where('tenantId', '=', tenantId)
      .orderBy('email')
      .limit(limit)
      .$narrowType<{ role: 'admin' | 'member' }>()
      .execute();
  }

  findMember(
    tenantId: string,
    userId: string,
    trx: DbExecutor = this.db,
  ): Promise<MemberRow | undefined> {
    return trx
      .selectFrom('users')
      .select(['id', 'email', 'role', 'createdAt'])
      .where('tenantId', '=', tenantId)
      .where('id', '=', userId)
      .$narrowType<{ role: 'admin' | 'member' }>()
      .executeTakeFirst();
  }

  findMemberByEmail(tenantId: string, email: string, trx: DbExecutor = this.db) {
    return trx
      .selectFrom('users')
      .select(['id'])
      .where('tenantId', '=', tenantId)
      .where('email', '=', email)
      .executeTakeFirst();
  }

  /** Locks the tenant's admins so two concurrent demotions cannot leave the tenant without one. */
  async countAdminsForUpdate(tenantId: string, trx: DbExecutor): Promise<number> {
    const rows = await trx
      .selectFrom('users')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('role', '=', 'admin')
      .forUpdate()
      .execute();
    return rows.length;
  }

  async setRole(
    tenantId: string,
    userId: string,
    role: 'admin' | 'member',
    trx: DbExecutor = this.db,
  ) {
    await trx
      .updateTable('users')
      .set({ role, updatedAt: new Date() })
      .where('tenantId', '=', tenantId)
      .where('id', '=', userId)
      .execute();
  }

  async detachMember(tenantId: string, userId: string, trx: DbExecutor = this.db): Promise<void> {
    await trx
      .updateTable('users')
      .set({ tenantId: null, role: null, updatedAt: new Date() })
      .where('tenantId', '=', tenantId)
      .where('id', '=', userId)
      .execute();
  }

  createInvite(
    invite: {
      tenantId: string;
      email: string;
      role: 'admin' | 'member';
      tokenHash: string;
      invitedBy: string;
      expiresAt: Date;
    },
    trx: DbExecutor = this.db,
  ): Promise<InviteRow> {
    return trx.insertInto('invites').values(invite).returningAll().executeTakeFirstOrThrow();
  }

  listPendingInvites(
    tenantId: string,
    limit: number,
    trx: DbExecutor = this.db,
  ): Promise<InviteRow[]> {
    return trx
      .selectFrom('invites')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('acceptedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .orderBy('createdAt', 'desc')
      .limit(limit)
      .execute();
  }

  /** Revokes a pending invite of the tenant; answers whether one was revoked. */
  async revokeInvite(
    tenantId: string,
    inviteId: string,
    trx: DbExecutor = this.db,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('invites')
      .set({ revokedAt: new Date() })
      .where('tenantId', '=', tenantId)
      .where('id', '=', inviteId)
      .where('acceptedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A usable invite with its tenant's name, found by the hash of the link's secret. */
  findUsableInvite(tokenHash: string, trx: DbExecutor = this.db) {
    return trx
      .selectFrom('invites')
      .innerJoin('tenants', 'tenants.id', 'invites.tenantId')
      .selectAll('invites')
      .select('tenants.name as tenantName')
      .where('invites.tokenHash', '=', tokenHash)
      .where('invites.acceptedAt', 'is', null)
      .where('invites.revokedAt', 'is', null)
      .where('invites.expiresAt', '>', sql<Date>`now()`)
      .executeTakeFirst();
  }

  async markInviteAccepted(
    inviteId: string,
    userId: string,
    trx: DbExecutor = this.db,
  ): Promise<void> {
    await trx
      .updateTable('invites')
      .set({ acceptedAt: new Date(), acceptedBy: userId })
      .where('id', '=', inviteId)
      .execute();
  }
}
