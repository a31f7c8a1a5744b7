import { randomBytes } from 'node:crypto';

import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';

import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';

/**
 * Servers and workers that start together run migrations at the same moment; on PostgreSQL
 * (TEST_DATABASE_URL) they do so on separate connections, on PGlite through one.
 */
describe('migrate run by several processes at once', () => {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const handles: DatabaseHandle[] = [];
  const schemas: string[] = [];

  async function open(schema: string): Promise<DatabaseHandle> {
    const handle = await openDatabase({ url: postgresUrl ?? 'memory://', schema });
    handles.push(handle);
    return handle;
  }

  afterAll(async () => {
    if (postgresUrl && handles[0]) {
      for (const schema of schemas) {
        await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(handles[0].db);
      }
    }
    for (const handle of handles) await handle.close();
  });

  it('applies every migration exactly once when two start on the same database', async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    schemas.push(schema);
    const first = await open(schema);
    // PGlite is one process's own database: a second handle would be a second database.
    const second = postgresUrl ? await open(schema) : first;

    const [ranByFirst, ranBySecond] = await Promise.all([migrate(first.db), migrate(second.db)]);

    const recorded = await sql<{
      name: string;
    }>`SELECT name FROM schema_migrations ORDER BY name`.execute(first.db);
    const names = recorded.rows.map((row) => row.name);
    expect(names.length).toBeGreaterThan(0);
    expect([...ranByFirst, ...ranBySecond].sort()).toEqual(names);
    expect(await migrate(first.db)).toEqual([]);
  });

  it('migrates separate schemas of one database side by side', async () => {
    const pair = [0, 1].map(() => `test_${randomBytes(6).toString('hex')}`);
    schemas.push(...pair);
    const [a, b] = await Promise.all(pair.map((schema) => open(schema)));

    const [ranInA, ranInB] = await Promise.all([migrate(a!.db), migrate(b!.db)]);

    expect(ranInA.length).toBeGreaterThan(0);
    expect(ranInB).toEqual(ranInA);
  });
});
