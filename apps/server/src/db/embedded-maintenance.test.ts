import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { type DatabaseHandle, openDatabase } from './client.js';
import { startEmbeddedMaintenance } from './embedded-maintenance.js';
import { migrate } from './migrate.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ url: 'memory://' });
  await migrate(handle.db);
});
afterAll(() => handle.close());

it('vacuums the embedded database on its interval, so deleted rows do not pile up', async () => {
  await sql`CREATE TABLE scratch (n int)`.execute(handle.db);
  await sql`INSERT INTO scratch SELECT generate_series(1, 1000)`.execute(handle.db);
  await sql`DELETE FROM scratch`.execute(handle.db);
  // The deleted rows keep their pages until a vacuum reclaims them (here: all of them).
  const tableBytes = async () => {
    const result = await sql<{ bytes: number }>`
      SELECT pg_relation_size('scratch')::int AS bytes`.execute(handle.db);
    return result.rows[0]!.bytes;
  };
  expect(await tableBytes()).toBeGreaterThan(0);
  const stop = startEmbeddedMaintenance(handle.db, pino({ level: 'silent' }), 50);
  try {
    await expect.poll(tableBytes, { timeout: 5_000 }).toBe(0);
  } finally {
    stop();
  }
});
