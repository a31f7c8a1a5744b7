import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { migrate, openMigratedDatabase } from '../src/db/migrate.js';

const migrationsDir = path.join(import.meta.dirname, '../src/db/migrations');

describe('opening the embedded database', () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('creates and migrates a new data directory, then serves it from a fresh instance that keeps what is written', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'parser-pgdata-'));
    const migrations = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql'));

    const first = await openMigratedDatabase({ url: dataDir });
    try {
      expect(first.kind).toBe('pglite');
      const applied = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(
        first.db,
      );
      expect(applied.rows).toHaveLength(migrations.length);
      await first.db.insertInto('tenants').values({ name: 'Kept Co' }).execute();
    } finally {
      await first.close();
    }

    const second = await openMigratedDatabase({ url: dataDir });
    try {
      expect(await migrate(second.db)).toEqual([]);
      const tenants = await second.db.selectFrom('tenants').select('name').execute();
      expect(tenants).toEqual([{ name: 'Kept Co' }]);
    } finally {
      await second.close();
    }
  });
});
