import { randomBytes } from 'node:crypto';

import { sql } from 'kysely';

import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';

/**
 * A fresh, migrated database: an in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * schema of that PostgreSQL database; `drop` removes the schema and closes the connection.
 */
export async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  drop: () => Promise<void>;
}> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const schema = postgresUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const handle = await openDatabase({ url: postgresUrl ?? 'memory://', schema });
  await migrate(handle.db);
  return {
    handle,
    drop: async () => {
      if (schema) await sql.raw(`DROP SCHEMA "${schema}" CASCADE`).execute(handle.db);
      await handle.close();
    },
  };
}
