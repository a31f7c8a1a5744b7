import type { Database, DbExecutor } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';

export interface UserWithTenant {
  id: string;
  email: string;
  role: 'admin' | 'member' | null;
  tenantId: string | null;
  tenantName: string | null;
  tenantPlan: 'basic' | 'plus' | 'pro' | null;
}

/** Users and their refresh-token families. */
export class AuthRepository {
  constructor(private readonly db: Database) {}

  findUserByEmail(email: string, trx: DbExecutor = this.db): Promise<UserRow | undefined> {
    return trx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findUserById(id: string, trx: DbExecutor = this.db): Promise<UserRow | undefined> {
    return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findUserWithTenant(id: string, trx: DbExecutor = this.db): Promise<UserWithTenant | undefined> {
    return trx
      .selectFrom('users')
      .leftJoin('tenants', 'tenants.id', 'users.tenantId')
      .select([
        'users.id',
        'users.email',
        'users.role',
        'users.tenantId',
        'tenants.name as tenantName',
        'tenants.plan as tenantPlan',
      ])
      .where('users.id', '=', id)
      .executeTakeFirst();
  }

  /** Inserts the user unless the e-mail is taken; answers undefined when it is. */
  insertUser(
    email: string,
    passwordHash: string,
    trx: DbExecutor = this.db,
  ): Promise<UserRow | undefined> {
    return trx
      .insertInto('users')
      .values({ email, passwordHash })
      .onConflict((oc) => oc.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async updatePassword(
    userId: string,
    passwordHash: string,
    trx: DbExecutor = this.db,
  ): Promise<void> {
    await trx
      .updateTable('users')
      .set({ passwordHash, updatedAt: new Date() })
      .where('id', '=', userId)
      .execute();
  }

  async insertRefreshToken(
    token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
    trx: DbExecutor = this.db,
  ): Promise<void> {
    await trx.insertInto('refreshTokens').values(token).execute();
  }

  /** Locks the row so two refreshes with the same token cannot both rotate it. */
  findRefreshTokenForUpdate(tokenHash: string, trx: DbExecutor) {
    return trx
      .selectFrom('refreshTokens')
      .selectAll()
      .where('tokenHash', '=', tokenHash)
      .forUpdate()
      .executeTakeFirst();
  }

  async markRotated(id: string, trx: DbExecutor = this.db): Promise<void> {
    await trx
      .updateTable('refreshTokens')
      .set({ rotatedAt: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async revokeFamily(familyId: string, trx: DbExecutor = this.db): Promise<void> {
    await trx
      .updateTable('refreshTokens')
      .set({ revokedAt: new Date() })
      .where('familyId', '=', familyId)
      .where('revokedAt', 'is', null)
      .execute();
  }

  /** Revokes every session of the user, except the family given (the caller's own session). */
  async revokeAllForUser(
    userId: string,
    exceptFamilyId?: string,
    trx: DbExecutor = this.db,
  ): Promise<void> {
    let query = trx
      .updateTable('refreshTokens')
      .set({ revokedAt: new Date() })
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null);
    if (exceptFamilyId) query = query.where('familyId', '!=', exceptFamilyId);
    await query.execute();
  }

  findRefreshToken(tokenHash: string, trx: DbExecutor = this.db) {
    return trx
      .selectFrom('refreshTokens')
      .selectAll()
      .where('tokenHash', '=', tokenHash)
      .executeTakeFirst();
  }
}
