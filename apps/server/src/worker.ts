import { buildApp, VERSION } from './app.js';
import { loadConfig } from './config.js';
import { openMigratedDatabase } from './db/migrate.js';
import { Metrics } from './observability/metrics.js';
import { buildStatusServer } from './observability/status-server.js';
import { createJobWorker, requirePostgresFor, tokenSigningKeyOf } from './runtime/process-setup.js';
import { openStorage } from './storage/open-storage.js';
import { startOrphanBlobSweeper } from './storage/orphan-blob-sweeper.js';

/**
 * Worker entry (npm run start:worker): runs queued jobs (extraction, agents, deliveries, the engine
 * work API requests wait for) and serves no API. Any number of workers share one PostgreSQL queue;
 * a job whose worker died is taken by another once its lease runs out (JOB_LEASE_SECONDS).
 */
const config = loadConfig();
requirePostgresFor('worker', config);
const database = await openMigratedDatabase({ url: config.DATABASE_URL! });

const storage = openStorage(config);
const metrics = new Metrics({ role: 'worker' });
// The same services the API builds; only the job registry and queue are used here.
const app = await buildApp({
  config,
  db: database.db,
  tokenSigningKey: tokenSigningKeyOf(config),
  storage,
  databaseKind: database.kind,
  metrics,
});
await app.ready();
database.reportLostConnections((error) =>
  app.log.warn(
    { err: error },
    'A database connection was closed by the server; the next query opens a new one',
  ),
);
const log = app.log.child({ component: 'worker' });
const worker = createJobWorker(app, config, metrics, { recoverAllOnStart: false });
const stopBlobSweeper = startOrphanBlobSweeper({
  storage,
  db: database.db,
  logger: app.log.child({ component: 'blob-sweeper' }),
});
const status = await buildStatusServer({
  db: database.db,
  jobs: app.jobs.repository,
  storage,
  metrics,
  metricsToken: config.METRICS_TOKEN,
  version: VERSION,
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'worker stopping: finishing or handing back its jobs');
  try {
    stopBlobSweeper();
    await worker.stop(config.WORKER_STOP_SECONDS * 1000);
    await status.close();
    await app.close();
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await status.listen({ port: config.WORKER_STATUS_PORT, host: config.HOST });
  await worker.start();
  log.info(
    `Parser worker ${worker.id} is running (status on port ${config.WORKER_STATUS_PORT}, files: ${config.STORAGE})`,
  );
} catch (error) {
  log.error(error);
  process.exit(1);
}
