import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import type { ComposedServices } from '../../src/composition/compose-services.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/client.js';
import type { BlobStorage } from '../../src/storage/blob-storage.js';
import { LocalDirectoryStorage } from '../../src/storage/local-directory-storage.js';
import { buildAppOver } from '../build-test-app.js';
import { openTestDatabase } from './test-database.js';

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
  const { handle, drop } = await openTestDatabase();
  const filesDir = await mkdtemp(path.join(tmpdir(), 'parser-test-files-'));
  const storage = new LocalDirectoryStorage(filesDir);
  const tokenSigningKey = randomBytes(32);
  const apps: { app: FastifyInstance; composed: ComposedServices }[] = [];
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
      const built = await buildAppOver({ config, handle, storage: ownStorage, tokenSigningKey });
      apps.push(built);
      return built.app;
    },
    async close() {
      for (const { app, composed } of apps) {
        await app.close();
        await composed.close();
      }
      await drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}
