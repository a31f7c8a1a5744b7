import { randomBytes } from 'node:crypto';

import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';

import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import type { JobRegistry } from '../../src/jobs/job-registry.js';
import { JobWorker } from '../../src/jobs/job-worker.js';
import { JobsRepository } from '../../src/jobs/jobs.repository.js';

/** A migrated database with a job queue on it, for the queue's own tests. */
export interface QueueDatabase {
  handle: DatabaseHandle;
  jobs: JobsRepository;
  queue: JobQueue;
  /** A silent worker on this queue: one job at a time, no recovery at start, unless overridden. */
  newWorker(registry: JobRegistry, overrides?: Partial<WorkerOptions>): JobWorker;
  close(): Promise<void>;
}

type WorkerOptions = ConstructorParameters<typeof JobWorker>[0];
const silent = pino({ level: 'silent' });

/**
 * In-memory PGlite, or a schema of its own on TEST_DATABASE_URL's PostgreSQL (dropped by
 * `close`), so several workers can share one queue as separate worker processes do.
 */
export async function openQueueDatabase(): Promise<QueueDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const schema = url ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const handle = await openDatabase({ url: url ?? 'memory://', schema });
  await migrate(handle.db);
  const jobs = new JobsRepository(handle.db);
  const queue = new JobQueue(jobs);
  return {
    handle,
    jobs,
    queue,
    newWorker: (registry, overrides = {}) =>
      new JobWorker({
        jobs,
        registry,
        queue,
        logger: silent,
        concurrency: 1,
        recoverAllOnStart: false,
        ...overrides,
      }),
    async close() {
      if (schema) await sql.raw(`DROP SCHEMA "${schema}" CASCADE`).execute(handle.db);
      await handle.close();
    },
  };
}

/**
 * One queue database for all the tests of a file: opened before the first test, closed after the
 * last. The answer is filled in when it is open, so tests read it as `database.queue`. With
 * `emptiedBeforeEach`, every test starts on a queue without jobs.
 */
export function queueDatabasePerFile({ emptiedBeforeEach = false } = {}): QueueDatabase {
  const database = {} as QueueDatabase;
  beforeAll(async () => {
    Object.assign(database, await openQueueDatabase());
  });
  // Absent when opening failed; that failure is the one to report.
  afterAll(() => (database.close as QueueDatabase['close'] | undefined)?.());
  if (emptiedBeforeEach) {
    beforeEach(async () => {
      await database.handle.db.deleteFrom('jobs').execute();
    });
  }
  return database;
}
