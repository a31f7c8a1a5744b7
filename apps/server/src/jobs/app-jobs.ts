import type { Database } from '../db/client.js';

import { JobQueue } from './job-queue.js';
import { JobRegistry } from './job-registry.js';
import { JobsRepository } from './jobs.repository.js';

/** The job queue of a process: what its services enqueue and what its worker needs to run it. */
export interface AppJobs {
  repository: JobsRepository;
  queue: JobQueue;
  /** The handlers this process runs, by job name (filled in by the composition root). */
  registry: JobRegistry;
}

export function createAppJobs(db: Database): AppJobs {
  const repository = new JobsRepository(db);
  return { repository, queue: new JobQueue(repository), registry: new JobRegistry() };
}
