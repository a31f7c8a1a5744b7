import { setTimeout as sleep } from 'node:timers/promises';

import type { JobRow } from '../db/schema.js';

import type { JobsRepository } from './jobs.repository.js';

/** The job did not finish within the wait; it keeps running and its work is not lost. */
export class JobWaitTimeoutError extends Error {
  override readonly name = 'JobWaitTimeoutError';
  constructor(readonly jobId: number) {
    super(`Job ${jobId} did not finish in time`);
  }
}

/** The job row was deleted while waited for (its subject was removed). */
export class JobGoneError extends Error {
  override readonly name = 'JobGoneError';
  constructor(readonly jobId: number) {
    super(`Job ${jobId} no longer exists`);
  }
}

const FIRST_POLL_MS = 25;
const MAX_POLL_MS = 250;

/**
 * Waits until a job has succeeded or failed and answers its row (with `result`). It reads the job
 * row rather than an in-memory promise, so the worker may be this process or another one.
 * Throws JobWaitTimeoutError after `timeoutMs`, and JobGoneError when the job row is deleted.
 */
export async function waitForJob(
  jobs: JobsRepository,
  jobId: number,
  timeoutMs: number,
): Promise<JobRow> {
  const deadline = Date.now() + timeoutMs;
  let pollMs = FIRST_POLL_MS;
  for (;;) {
    const job = await jobs.findById(jobId);
    if (!job) throw new JobGoneError(jobId);
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    const left = deadline - Date.now();
    if (left <= 0) throw new JobWaitTimeoutError(jobId);
    // Short jobs answer within a few polls; long ones are polled less often.
    await sleep(Math.min(pollMs, left));
    pollMs = Math.min(MAX_POLL_MS, pollMs * 2);
  }
}
