import { randomUUID } from 'node:crypto';

import {
  type ChangePasswordBody,
  type LoginBody,
  type Me,
  PASSWORD_RULE,
  type SignupBody,
} from '@parser/contracts';

import type { Database, DbExecutor } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';

import type { AuthRepository, UserWithTenant } from './auth.repository.js';
import { getDecoyHash, hashPassword, isWeakPassword, verifyPassword } from './passwords.js';
import { type AccessTokens, hashOpaqueToken, newOpaqueToken } from './tokens.js';

// Deliberately simple: one @, a dot in the domain, no spaces. Deliverability is the mail server's job.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's refusal, followed by the rule it breaks, so the person knows what to type instead. */
export const WEAK_PASSWORD_MESSAGE = `Password is too weak. ${PASSWORD_RULE}`;

export interface IssuedTokens {
  uid: string;
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
  familyId: string;
}

export interface AuthDeps {
  db: Database;
  users: AuthRepository;
  accessTokens: AccessTokens;
  refreshTtlDays: number;
}

/** Parser's own identity provider: accounts, password sign-in and rotating refresh tokens. */
export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /** Attempts are rate limited per client address and per e-mail (plugins/rate-limits.ts). */
  async signup(body: SignupBody): Promise<IssuedTokens> {
    if (!EMAIL_PATTERN.test(body.email)) {
      throw new AppError('VALIDATION_FAILED', { message: 'Invalid email address' });
    }
    if (isWeakPassword(body.password, body.email)) {
      throw new AppError('VALIDATION_FAILED', { message: WEAK_PASSWORD_MESSAGE });
    }
    const user = await this.deps.users.insertUser(body.email, await hashPassword(body.password));
    if (!user) throw new AppError('CONFLICT', { message: 'Email is already registered' });
    return this.startSession(user.id);
  }

  async login(body: LoginBody): Promise<IssuedTokens> {
    const user = await this.deps.users.findUserByEmail(body.email);
    const valid = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), body.password);
    if (!user || !valid) {
      throw new AppError('UNAUTHENTICATED', { message: 'Invalid email or password' });
    }
    return this.startSession(user.id);
  }

  /** Rotates a refresh token. Presenting one that was already rotated revokes its whole family. */
  async refresh(refreshToken: string | undefined): Promise<IssuedTokens> {
    if (!refreshToken) throw new AppError('UNAUTHENTICATED', { message: 'Refresh token missing' });
    const tokenHash = hashOpaqueToken(refreshToken);
    const outcome = await this.deps.db.transaction().execute(async (trx) => {
      const stored = await this.deps.users.findRefreshTokenForUpdate(tokenHash, trx);
      if (!stored || stored.revokedAt) return { kind: 'invalid' as const };
      if (stored.rotatedAt) {
        await this.deps.users.revokeFamily(stored.familyId, trx);
        return { kind: 'reused' as const };
      }
      if (new Date(stored.expiresAt).getTime() <= Date.now()) return { kind: 'invalid' as const };
      await this.deps.users.markRotated(stored.id, trx);
      const next = await this.issueRefreshToken(stored.userId, stored.familyId, trx);
      return { kind: 'rotated' as const, userId: stored.userId, familyId: stored.familyId, next };
    });
    if (outcome.kind === 'reused') {
      throw new AppError('UNAUTHENTICATED', {
        message:
          'This session was signed out because its refresh token was used twice. Sign in again.',
      });
    }
    if (outcome.kind === 'invalid') {
      throw new AppError('UNAUTHENTICATED', { message: 'Session expired. Sign in again.' });
    }
    return this.tokens(outcome.userId, outcome.familyId, outcome.next);
  }

  async logout(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const stored = await this.deps.users.findRefreshToken(hashOpaqueToken(refreshToken));
    if (stored) await this.deps.users.revokeFamily(stored.familyId);
  }

  /** The user's row (their company and role included), or undefined once the account is gone. */
  findUser(userId: string, trx?: DbExecutor): Promise<UserRow | undefined> {
    return this.deps.users.findUserById(userId, trx);
  }

  /** Signs the user out everywhere: every refresh token of theirs stops working. */
  endSessions(userId: string, trx?: DbExecutor): Promise<void> {
    return this.deps.users.revokeAllForUser(userId, undefined, trx);
  }

  async me(userId: string): Promise<Me> {
    const user = await this.deps.users.findUserWithTenant(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', { message: 'Account no longer exists' });
    return toMe(user);
  }

  /** Changes the password and signs out every other session of the user. */
  async changePassword(
    userId: string,
    body: ChangePasswordBody,
    currentRefreshToken?: string,
  ): Promise<void> {
    const user = await this.deps.users.findUserById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', { message: 'Account no longer exists' });
    if (!(await verifyPassword(user.passwordHash, body.current_password))) {
      throw new AppError('UNAUTHENTICATED', { message: 'Current password is incorrect' });
    }
    if (isWeakPassword(body.new_password, user.email)) {
      throw new AppError('VALIDATION_FAILED', { message: WEAK_PASSWORD_MESSAGE });
    }
    const current = currentRefreshToken
      ? await this.deps.users.findRefreshToken(hashOpaqueToken(currentRefreshToken))
      : undefined;
    const keepFamily = current?.userId === userId ? current.familyId : undefined;
    const passwordHash = await hashPassword(body.new_password);
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.users.updatePassword(userId, passwordHash, trx);
      await this.deps.users.revokeAllForUser(userId, keepFamily, trx);
    });
  }

  private async startSession(userId: string): Promise<IssuedTokens> {
    const familyId = randomUUID();
    const refreshToken = await this.issueRefreshToken(userId, familyId);
    return this.tokens(userId, familyId, refreshToken);
  }

  private async issueRefreshToken(
    userId: string,
    familyId: string,
    trx?: Parameters<AuthRepository['insertRefreshToken']>[1],
  ): Promise<string> {
    const { token, hash } = newOpaqueToken();
    const expiresAt = new Date(Date.now() + this.deps.refreshTtlDays * 86_400_000);
    await this.deps.users.insertRefreshToken({ userId, familyId, tokenHash: hash, expiresAt }, trx);
    return token;
  }

  private async tokens(
    userId: string,
    familyId: string,
    refreshToken: string,
  ): Promise<IssuedTokens> {
    return {
      uid: userId,
      access_token: await this.deps.accessTokens.sign(userId),
      refresh_token: refreshToken,
      expires_in: this.deps.accessTokens.ttlSeconds,
      token_type: 'Bearer',
      familyId,
    };
  }
}

export function toMe(user: UserWithTenant): Me {
  return {
    uid: user.id,
    email: user.email,
    role: user.role,
    tenantId: user.tenantId,
    tenant:
      user.tenantId && user.tenantName && user.tenantPlan
        ? { id: user.tenantId, name: user.tenantName, plan: user.tenantPlan }
        : null,
  };
}
