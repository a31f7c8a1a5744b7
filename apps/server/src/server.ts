import path from 'node:path';

import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { startEmbeddedMaintenance } from './db/embedded-maintenance.js';
import { openMigratedDatabase } from './db/migrate.js';
import { createJobWorker, requirePostgresFor } from './runtime/process-setup.js';
import { startProcessServices } from './runtime/process-services.js';
import { startOrphanBlobSweeper } from './storage/orphan-blob-sweeper.js';

const config = loadConfig();
// `--api-only` (npm run start:api): HTTP only, for deployments whose jobs run in worker processes
// (src/worker.ts). Without it, the API and the worker share this process (the embedded default).
const apiOnly = process.argv.includes('--api-only');
if (apiOnly) requirePostgresFor('api', config);
// API processes share nothing local; only the embedded server owns its data directory.
const releaseLock = apiOnly ? () => undefined : lockDataDir(config.DATA_DIR);
const database = await openMigratedDatabase({
  url: config.DATABASE_URL ?? path.join(config.DATA_DIR, 'pgdata'),
});

const { storage, metrics, logger, composed } = startProcessServices(
  config,
  database,
  apiOnly ? 'api' : 'all',
);
const app = await buildApp({
  config,
  db: database.db,
  composed,
  storage,
  databaseKind: database.kind,
  logger,
  metrics,
});

// Embedded mode: the worker runs in this process. The data directory lock makes it the only
// worker on a PGlite database, so jobs left running by a previous process resume at once.
const worker = apiOnly
  ? undefined
  : createJobWorker(composed.jobs, app.log, config, metrics, {
      recoverAllOnStart: database.kind === 'pglite',
    });

const stopMaintenance =
  database.kind === 'pglite' ? startEmbeddedMaintenance(database.db, app.log) : () => undefined;

// Partial writes and unrecorded blobs a crash left behind are removed at start and every few hours.
// With separate processes the workers sweep.
const stopBlobSweeper = apiOnly
  ? () => undefined
  : startOrphanBlobSweeper({
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
    await worker?.stop();
    await app.close();
    await composed.close();
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
  await worker?.start();
  app.log.info(
    `Parser ${apiOnly ? 'API ' : ''}is running on http://localhost:${config.PORT} (database: ${database.kind}, data: ${config.DATA_DIR}, files: ${config.STORAGE})`,
  );
} catch (error) {
  app.log.error(error);
  releaseLock();
  process.exit(1);
}
