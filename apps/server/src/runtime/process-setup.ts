import { ocrPoolSize } from '@parser/extraction';
import type { FastifyBaseLogger } from 'fastify';

import type { Config } from '../config.js';
import type { AppJobs } from '../jobs/app-jobs.js';
import { JobWorker } from '../jobs/job-worker.js';
import { loadOrCreateSecret } from '../lib/secrets.js';
import type { Metrics } from '../observability/metrics.js';

/** Which part of Parser a process runs: both (the embedded default), HTTP only, or jobs only. */
export type ProcessRole = 'all' | 'api' | 'worker';

/**
 * API and worker processes share their state through the database, so they need a PostgreSQL
 * server: PGlite is one connection inside one process. Exits with the reason otherwise.
 */
export function requirePostgresFor(role: Exclude<ProcessRole, 'all'>, config: Config): void {
  if (config.DATABASE_URL) return;
  const command = role === 'api' ? 'npm run start:api' : 'npm run start:worker';
  console.error(
    `${command} runs Parser as separate API and worker processes, which share a PostgreSQL ` +
      'database. Set DATABASE_URL=postgres://… (the embedded database serves one process only), ' +
      'or run `npm start` for the API and the worker in one process.',
  );
  process.exit(1);
}

/**
 * The key access tokens are signed with: TOKEN_SIGNING_KEY when set (every API process of a
 * deployment needs the same one), else one generated once in DATA_DIR.
 */
export function tokenSigningKeyOf(config: Config): Uint8Array {
  if (!config.TOKEN_SIGNING_KEY) return loadOrCreateSecret(config.DATA_DIR, 'token-signing-key');
  const key = Buffer.from(config.TOKEN_SIGNING_KEY, 'base64url');
  if (key.length < 32) {
    throw new Error('TOKEN_SIGNING_KEY must encode at least 32 bytes (base64 or base64url)');
  }
  return key;
}

/** Background jobs a process's worker runs at once: WORKER_CONCURRENCY, else one per OCR worker. */
export function workerConcurrencyOf(config: Config): number {
  return config.WORKER_CONCURRENCY ?? ocrPoolSize();
}

/** The job worker of a process over its services' queue, reporting to the process's metrics. */
export function createJobWorker(
  jobs: AppJobs,
  log: FastifyBaseLogger,
  config: Config,
  metrics: Metrics,
  options: { recoverAllOnStart: boolean },
): JobWorker {
  return new JobWorker({
    jobs: jobs.repository,
    registry: jobs.registry,
    queue: jobs.queue,
    logger: log.child({ component: 'worker' }),
    concurrency: workerConcurrencyOf(config),
    recoverAllOnStart: options.recoverAllOnStart,
    leaseMs: config.JOB_LEASE_SECONDS * 1000,
    observeJob: (kind, outcome, seconds) => metrics.observeJob(kind, outcome, seconds),
    maxEngineStops: config.JOB_MAX_ENGINE_STOPS,
    observePoisonedJob: (kind, reason) => metrics.observePoisonedJob(kind, reason),
  });
}
