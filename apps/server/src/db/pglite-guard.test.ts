import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';

import { GuardedPGliteDialect } from './pglite-guard.js';

const client = new PGlite();
const db = new Kysely<Record<string, never>>({ dialect: new GuardedPGliteDialect(client, 200) });
afterAll(() => db.destroy());

it('turns a query made outside a transaction that holds the connection into an error, and recovers', async () => {
  await expect(
    db.transaction().execute(async () => {
      // The mistake: `db` instead of the transaction inside the transaction.
      await sql`SELECT 1`.execute(db);
    }),
  ).rejects.toThrow(/Waited 0.2 s for the database connection/);
  // The transaction rolled back and released the connection: the database answers again.
  const result = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
  expect(result.rows).toEqual([{ one: 1 }]);
});
