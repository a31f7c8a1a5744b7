import { loadConfig } from './config.js';
import { openMigratedDatabase } from './db/migrate.js';
import { buildStatusServer } from './observability/status-server.js';
import { createJobWorker, requirePostgresFor } from './runtime/process-setup.js';
import { startProcessServices } from './runtime/process-services.js';
import { startOrphanBlobSweeper } from './storage/orphan-blob-sweeper.js';
import { VERSION } from './version.js';

/**
 * Worker entry (npm run start:worker): runs queued jobs (extraction, agents, deliveries, the engine
 * work API requests wait for) and serves no API. Any number of workers share one PostgreSQL queue;
 * a job whose worker died is taken by another once its lease runs out (JOB_LEASE_SECONDS).
 */
const config = loadConfig();
requirePostgresFor('worker', config);
const database = await openMigratedDatabase({ url: config.DATABASE_URL! });

// The same services the API builds, without its HTTP routes: the jobs' handlers call them.
const { storage, metrics, logger, composed } = startProcessServices(config, database, 'worker');
const log = logger.child({ component: 'worker' });
const worker = createJobWorker(composed.jobs, logger, config, metrics, {
  recoverAllOnStart: false,
});
const stopBlobSweeper = startOrphanBlobSweeper({
  storage,
  db: database.db,
  logger: logger.child({ component: 'blob-sweeper' }),
});
const status = await buildStatusServer({
  db: database.db,
  jobs: composed.jobs.repository,
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
    await composed.close();
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
