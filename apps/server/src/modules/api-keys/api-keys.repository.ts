import { sql } from 'kysely';

import type { Database, DbExecutor } from '../../db/client.js';

/** The most keys one list answer holds (keys are few; this only bounds the answer). */
const LIST_LIMIT = 500;

/** API keys. Every query a user's request makes is scoped by the tenant id it is given. */
export class ApiKeysRepository {
  constructor(private readonly db: Database) {}

  insert(
    key: { tenantId: string; name: string; prefix: string; keyHash: string; createdBy: string },
    trx: DbExecutor = this.db,
  ) {
    return trx
      .insertInto('apiKeys')
      .values(key)
      .returning(['id', 'name', 'prefix', 'createdAt', 'lastUsedAt', 'revokedAt'])
      .executeTakeFirstOrThrow();
  }

  /** The tenant's keys with their creators' e-mails, newest first. */
  list(tenantId: string, trx: DbExecutor = this.db) {
    return this.withCreator(trx)
      .where('k.tenantId', '=', tenantId)
      .orderBy('k.createdAt', 'desc')
      .orderBy('k.id', 'desc')
      .limit(LIST_LIMIT)
      .execute();
  }

  findById(tenantId: string, id: string, trx: DbExecutor = this.db) {
    return this.withCreator(trx)
      .where('k.tenantId', '=', tenantId)
      .where('k.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The key with this prefix, with what authenticating needs: its hash, and its creator (whose
   * account the key acts as in rows that name a user).
   */
  findByPrefix(prefix: string, trx: DbExecutor = this.db) {
    return trx
      .selectFrom('apiKeys as k')
      .innerJoin('users as u', 'u.id', 'k.createdBy')
      .select([
        'k.id',
        'k.tenantId',
        'k.name',
        'k.keyHash',
        'k.revokedAt',
        'k.lastUsedAt',
        'k.createdBy',
        'u.email as creatorEmail',
      ])
      .where('k.prefix', '=', prefix)
      .executeTakeFirst();
  }

  /** Revokes a key that is not revoked yet; answers whether it did. */
  async revoke(tenantId: string, id: string, trx: DbExecutor = this.db): Promise<boolean> {
    const result = await trx
      .updateTable('apiKeys')
      .set({ revokedAt: sql<Date>`now()` })
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Revokes every working key a person created; answers how many. */
  async revokeCreatedBy(tenantId: string, userId: string, trx: DbExecutor = this.db) {
    const result = await trx
      .updateTable('apiKeys')
      .set({ revokedAt: sql<Date>`now()` })
      .where('tenantId', '=', tenantId)
      .where('createdBy', '=', userId)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** How many working keys each person of the tenant created, by user id. */
  async countActiveByCreator(tenantId: string, trx: DbExecutor = this.db) {
    const rows = await trx
      .selectFrom('apiKeys')
      .select(['createdBy', (eb) => eb.fn.countAll<number>().as('count')])
      .where('tenantId', '=', tenantId)
      .where('revokedAt', 'is', null)
      .groupBy('createdBy')
      .execute();
    return new Map(rows.map((row) => [row.createdBy, Number(row.count)]));
  }

  /** Records a use, at most once a minute per key (the condition keeps it one cheap statement). */
  async touch(id: string, trx: DbExecutor = this.db): Promise<void> {
    await trx
      .updateTable('apiKeys')
      .set({ lastUsedAt: sql<Date>`now()` })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('lastUsedAt', 'is', null),
          eb('lastUsedAt', '<', sql<Date>`now() - interval '1 minute'`),
        ]),
      )
      .execute();
  }

  private withCreator(trx: DbExecutor) {
    return trx
      .selectFrom('apiKeys as k')
      .leftJoin('users as u', 'u.id', 'k.createdBy')
      .select([
        'k.id',
        'k.name',
        'k.prefix',
        'k.createdAt',
        'k.lastUsedAt',
        'k.revokedAt',
        'u.email as creatorEmail',
      ]);
  }
}
