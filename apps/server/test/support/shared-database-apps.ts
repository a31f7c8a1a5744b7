import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import type { BlobStorage } from '../../src/storage/blob-storage.js';
import { LocalDirectoryStorage } from '../../src/storage/local-directory-storage.js';

/**
 * Several apps over one database, one signing key and one blob storage: API processes of one
 * deployment behind a load balancer, as far as requests can tell.
 */
export interface SharedDatabaseApps {
  handle: DatabaseHandle;
  storage: BlobStorage;
  /** Builds one more app over the shared state. */
  app(
    overrides?: Partial<Record<keyof Config, string>>,
    storage?: BlobStorage,
  ): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function sharedDatabaseApps(): Promise<SharedDatabaseApps> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const schema = postgresUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const handle = await openDatabase({ url: postgresUrl ?? 'memory://', schema });
  await migrate(handle.db);
  const filesDir = await mkdtemp(path.join(tmpdir(), 'parser-test-files-'));
  const storage = new LocalDirectoryStorage(filesDir);
  const tokenSigningKey = randomBytes(32);
  const apps: FastifyInstance[] = [];
  return {
    handle,
    storage,
    async app(overrides = {}, ownStorage = storage) {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: '/tmp/parser-test-unused',
        WEB_DIST_DIR: '/nonexistent',
        LOG_LEVEL: 'silent',
        AUTH_RATE_LIMIT_PER_IP: '1000',
        AUTH_RATE_LIMIT_PER_EMAIL: '1000',
        ...overrides,
      });
      const app = await buildApp({
        config,
        db: handle.db,
        tokenSigningKey,
        storage: ownStorage,
        databaseKind: handle.kind,
        logger: false,
      });
      await app.ready();
      apps.push(app);
      return app;
    },
    async close() {
      for (const app of apps) await app.close();
      if (schema) await sql.raw(`DROP SCHEMA "${schema}" CASCADE`).execute(handle.db);
      await handle.close();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}
