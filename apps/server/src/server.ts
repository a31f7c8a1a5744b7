import path from 'node:path';

import { ocrPoolSize } from '@parser/extraction';

import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { startEmbeddedMaintenance } from './db/embedded-maintenance.js';
import { migrate } from './db/migrate.js';
import { JobWorker } from './jobs/job-worker.js';
import { loadOrCreateSecret } from './lib/secrets.js';
import { LocalDirectoryStorage } from './storage/local-directory-storage.js';
import { startOrphanBlobSweeper } from './storage/orphan-blob-sweeper.js';

const config = loadConfig();
const releaseLock = lockDataDir(config.DATA_DIR);
const database = await openDatabase({
  url: config.DATABASE_URL ?? path.join(config.DATA_DIR, 'pgdata'),
});
await migrate(database.db);

const storage = new LocalDirectoryStorage(path.join(config.DATA_DIR, 'files'));
const app = await buildApp({
  config,
  db: database.db,
  tokenSigningKey: loadOrCreateSecret(config.DATA_DIR, 'token-signing-key'),
  storage,
  databaseKind: database.kind,
});

// Embedded mode: the worker runs in this process. The data directory lock makes it the only
// worker on a PGlite database, so jobs left running by a previous process resume at once.
const worker = new JobWorker({
  jobs: app.jobs.repository,
  registry: app.jobs.registry,
  queue: app.jobs.queue,
  logger: app.log.child({ component: 'worker' }),
  concurrency: config.WORKER_CONCURRENCY ?? ocrPoolSize(),
  recoverAllOnStart: database.kind === 'pglite',
});

const stopMaintenance =
  database.kind === 'pglite' ? startEmbeddedMaintenance(database.db, app.log) : () => undefined;

// Partial writes and unrecorded blobs a crash left behind are removed at start and every few hours.
const stopBlobSweeper = startOrphanBlobSweeper({
  storage,
  db: database.db,
  logger: app.log.child({ component: 'blob-sweeper' }),
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  try {
    stopMaintenance();
    stopBlobSweeper();
    await worker.stop();
    await app.close();
    await database.close();
  } finally {
    releaseLock();
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.PORT, host: config.HOST });
  await worker.start();
  app.log.info(
    `Parser is running on http://localhost:${config.PORT} (database: ${database.kind}, data: ${config.DATA_DIR})`,
  );
} catch (error) {
  app.log.error(error);
  releaseLock();
  process.exit(1);
}
