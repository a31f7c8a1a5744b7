import type { DbExecutor } from '../db/client.js';

import type { JobSpec } from './job-definition.js';
import type { JobsRepository } from './jobs.repository.js';

export interface EnqueueOptions {
  /** The tenant the work belongs to (fair scheduling, clean-up); null for system work. */
  tenantId: string | null;
  /** While a job with this key is queued or running, enqueueing another is a no-op. */
  dedupeKey?: string;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /**
   * The dedupe key of the unfinished job this one continues (the step before it, running now):
   * the new job takes that job's place in line, ahead of work enqueued after that job, so a
   * document's steps follow each other instead of waiting behind the rest of its batch.
   */
  continues?: string;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * Puts work in the durable queue. Enqueue inside the transaction that makes the work necessary,
 * so the state change and its job commit or roll back together.
 */
export class JobQueue {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly jobs: JobsRepository) {}

  /** Answers the new job's id, or undefined when the dedupe key already had a job. */
  async enqueue<P>(
    definition: JobSpec<P>,
    payload: P,
    options: EnqueueOptions,
    trx?: DbExecutor,
  ): Promise<number | undefined> {
    const row = await this.jobs.insert(
      {
        name: definition.name,
        payload: definition.payload.parse(payload),
        tenantId: options.tenantId,
        maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        runAt: options.delayMs ? new Date(Date.now() + options.delayMs) : undefined,
        dedupeKey: options.dedupeKey ?? null,
        lane: definition.lane ?? 'background',
        continues: options.continues,
      },
      trx,
    );
    // The caller's transaction may not have committed yet; a worker that misses the row now
    // finds it on its next poll.
    setImmediate(() => this.listeners.forEach((listener) => listener()));
    return row?.id;
  }

  /** Called after every enqueue, so an in-process worker can start at once instead of polling. */
  onEnqueue(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
