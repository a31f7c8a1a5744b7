import type { z } from 'zod';

import type { JobLane } from '../db/schema.js';

/** What a running handler knows about its job. */
export interface JobContext {
  jobId: number;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  maxAttempts: number;
  /** True when this run is the last one: a failure now is final. */
  isLastAttempt: boolean;
}

/**
 * A kind of background work as its producers see it: a dotted name and the zod schema of its
 * payload (enough to enqueue it), plus how persistently to retry it.
 */
export interface JobSpec<P = unknown> {
  name: string;
  payload: z.ZodType<P>;
  /** Runs before the job fails for good. @default 5 */
  maxAttempts?: number;
  /** Milliseconds to wait before retry number `attempt` (1-based). @default exponential from 5 s */
  backoffMs?: (attempt: number) => number;
  /**
   * `interactive` for work a person is waiting for: claimed before background work, with a slot
   * background work never takes. @default 'background'
   */
  lane?: JobLane;
}

/**
 * A job as a worker runs it: its spec plus the handler. Handlers must be idempotent: a job whose
 * worker died mid-way runs again from the start.
 */
export interface JobDefinition<P = unknown> extends JobSpec<P> {
  /** What it answers is stored on the job row (`result`) for whoever waits for the job. */
  handler: (payload: P, context: JobContext) => Promise<unknown>;
  /**
   * Called once when the job has failed for the last time (its retries are used up, or it threw a
   * PermanentJobError), so the work it stood for can be marked failed where users see it.
   */
  onFinalFailure?: (payload: P, error: Error, context: JobContext) => Promise<void>;
}

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** Attaches the handler to a spec declared where producers can import it without the handler. */
export function handleJob<P>(
  spec: JobSpec<P>,
  handlers: Pick<JobDefinition<P>, 'handler' | 'onFinalFailure'>,
): JobDefinition<P> {
  return { ...spec, ...handlers };
}

/**
 * The spec of work a request waits for: claimed in the interactive lane, and since someone is
 * waiting, retried once at most, soon.
 */
export function interactiveJob<P>(name: string, payload: z.ZodType<P>): JobSpec<P> {
  return { name, payload, lane: 'interactive', maxAttempts: 2, backoffMs: () => 1_000 };
}

/** Thrown by a handler when retrying cannot help (a damaged file, a deleted record). */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

const BASE_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 15 * 60_000;

/** 5 s, 10 s, 20 s, … up to 15 minutes, with ±20% jitter so retries of a batch spread out. */
export function exponentialBackoff(attempt: number): number {
  const base = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}
