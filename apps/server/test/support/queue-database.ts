import { randomBytes } from 'node:crypto';

import { sql } from 'kysely';

import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobsRepository } from '../../src/jobs/jobs.repository.js';

/** A migrated database with a job queue on it, for the queue's own tests. */
export interface QueueDatabase {
  handle: DatabaseHandle;
  jobs: JobsRepository;
  queue: JobQueue;
  close(): Promise<void>;
}

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
  return {
    handle,
    jobs,
    queue: new JobQueue(jobs),
    async close() {
      if (schema) await sql.raw(`DROP SCHEMA "${schema}" CASCADE`).execute(handle.db);
      await handle.close();
    },
  };
}
