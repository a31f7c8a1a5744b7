import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';

import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import type { JobLane, JobRow } from '../db/schema.js';

import {
  abandonedTooOften,
  DEFAULT_MAX_ENGINE_STOPS,
  engineStopReason,
  type WorkerStopReason,
} from './engine-stops.js';
import {
  exponentialBackoff,
  type JobContext,
  type JobDefinition,
  PermanentJobError,
} from './job-definition.js';
import type { JobQueue } from './job-queue.js';
import type { JobRegistry } from './job-registry.js';
import type { JobsRepository } from './jobs.repository.js';

export interface JobWorkerOptions {
  jobs: JobsRepository;
  registry: JobRegistry;
  /** Wakes the worker when work is enqueued in this process. */
  queue?: JobQueue;
  logger: FastifyBaseLogger;
  /** Jobs run at the same time, not counting the slots reserved for interactive work. */
  concurrency: number;
  /**
   * Extra slots only interactive jobs (someone waits for them) may use, so a burst of background
   * extraction never keeps a person waiting. @default 1
   */
  reservedInteractiveSlots?: number;
  /** The lanes this worker takes work from. @default both */
  lanes?: readonly JobLane[];
  /**
   * At start, return every running job to the queue. Only safe when this process is the only
   * worker on the database (the embedded server, which holds its data directory alone).
   */
  recoverAllOnStart: boolean;
  /** How long a claim holds without renewal; renewed every third of it while the job runs. */
  leaseMs?: number;
  /** How often to look for due work when nothing wakes the worker. */
  pollMs?: number;
  /** Told how long each run took and how it ended (metrics). */
  observeJob?: (kind: string, outcome: 'succeeded' | 'retry' | 'failed', seconds: number) => void;
  /**
   * Runs of one job that may end its worker (the engine stopped under it, or the process died
   * while running it) before the job fails for good instead of running again. @default 2
   */
  maxEngineStops?: number;
  /** Told of each job failed for good because it kept stopping its worker (metrics). */
  observePoisonedJob?: (kind: string, reason: WorkerStopReason) => void;
}

const MAINTENANCE_INTERVAL_MS = 60_000;
const FINISHED_JOB_RETENTION_DAYS = 14;
/** How soon a job the database failed runs again: a restart or failover takes seconds. */
const DATABASE_RETRY_MS = 5_000;

/**
 * Runs queued jobs: claims due ones up to its concurrency, renews their leases while they run,
 * retries failures with backoff and hands final failures to the job's onFinalFailure.
 */
export class JobWorker {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly running = new Map<number, Promise<void>>();
  /** Runs this worker has seen to the end, so runUntilIdle knows when work may have appeared. */
  private finishedRuns = 0;
  /** Background jobs among `running`: they may not use the reserved interactive slots. */
  private readonly runningBackground = new Set<number>();
  private readonly reservedSlots: number;
  private readonly lanes: readonly JobLane[];
  private readonly maxEngineStops: number;
  private started = false;
  private stopping = false;
  private filling: Promise<void> | null = null;
  private fillAgain = false;
  /** The company whose job was claimed last (null: work of none); undefined before the first. */
  private lastTenantId: string | null | undefined = undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private maintenanceTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: JobWorkerOptions) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.reservedSlots = options.reservedInteractiveSlots ?? 1;
    this.lanes = options.lanes ?? ['interactive', 'background'];
    this.maxEngineStops = options.maxEngineStops ?? DEFAULT_MAX_ENGINE_STOPS;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const recovered = await this.options.jobs.requeueAbandoned(this.options.recoverAllOnStart);
    if (recovered > 0) {
      this.options.logger.warn({ recovered }, 'requeued jobs left running by a stopped worker');
    }
    this.unsubscribe = this.options.queue?.onEnqueue(() => this.wake());
    // Another worker's expired lease is noticed within one lease period, not only every minute.
    this.maintenanceTimer = setInterval(
      () => void this.maintain(),
      Math.min(MAINTENANCE_INTERVAL_MS, this.leaseMs),
    );
    this.maintenanceTimer.unref();
    this.wake();
  }

  /**
   * Stops claiming and waits for the jobs in hand (up to `timeoutMs`). Jobs still running then are
   * handed back to the queue, so another worker takes them at once.
   */
  async stop(timeoutMs = 30_000): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    clearTimeout(this.pollTimer);
    clearInterval(this.maintenanceTimer);
    // A claim under way still lands in `running`; wait for it before collecting what runs.
    await this.filling;
    const inFlight = Promise.allSettled([...this.running.values()]);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([inFlight, timeout]);
    clearTimeout(timer);
    for (const jobId of this.running.keys()) {
      try {
        if (await this.options.jobs.release(jobId, this.id)) {
          this.options.logger.warn({ jobId }, 'handed an unfinished job back to the queue');
        }
      } catch (error) {
        // Its lease runs out instead, and another worker takes it then.
        this.options.logger.error({ err: error, jobId }, 'could not hand a job back to the queue');
      }
    }
  }

  /** Claims and runs due jobs until none is left, then resolves (tests and one-off drains). */
  async runUntilIdle(): Promise<void> {
    for (;;) {
      const finishedBefore = this.finishedRuns;
      const job = await this.claimNext(this.lanes);
      if (!job) {
        // A run that ended while the claim looked (another connection, on PostgreSQL) may have
        // queued a retry or a next step the claim could not see yet: look once more.
        if (this.finishedRuns !== finishedBefore) continue;
        if (this.running.size === 0) return;
        await Promise.race(this.running.values());
        continue;
      }
      this.track(job);
      if (this.running.size >= this.options.concurrency) await Promise.race(this.running.values());
    }
  }

  /** Look for work now (called on enqueue, after each job and by the poll timer). */
  wake(): void {
    if (!this.started || this.stopping) return;
    void this.fill();
  }

  private fill(): Promise<void> {
    if (this.filling) {
      this.fillAgain = true;
      return this.filling;
    }
    this.filling = this.claimUpToConcurrency().finally(() => {
      this.filling = null;
      this.schedulePoll();
    });
    return this.filling;
  }

  private async claimUpToConcurrency(): Promise<void> {
    try {
      do {
        this.fillAgain = false;
        while (!this.stopping) {
          const lanes = this.lanesWithRoom();
          if (lanes.length === 0) break;
          const job = await this.claimNext(lanes);
          if (!job) break;
          this.track(job);
        }
      } while (this.fillAgain && !this.stopping);
    } catch (error) {
      this.options.logger.error({ err: error }, 'job worker could not claim work');
    }
  }

  private schedulePoll(): void {
    clearTimeout(this.pollTimer);
    if (this.stopping) return;
    this.pollTimer = setTimeout(() => this.wake(), this.pollMs);
    this.pollTimer.unref();
  }

  /**
   * Interactive work may take any free slot; background work only the first `concurrency`, so the
   * reserved ones are free whenever a person's request arrives.
   */
  private lanesWithRoom(): JobLane[] {
    if (this.running.size >= this.options.concurrency + this.reservedSlots) return [];
    const backgroundFits = this.runningBackground.size < this.options.concurrency;
    return this.lanes.filter((lane) => lane === 'interactive' || backgroundFits);
  }

  private async claimNext(lanes: readonly JobLane[]): Promise<JobRow | undefined> {
    const job = await this.options.jobs.claim(
      this.id,
      this.leaseMs,
      this.options.registry.names(),
      this.lastTenantId,
      lanes,
    );
    if (job) this.lastTenantId = job.tenantId;
    return job;
  }

  private track(job: JobRow): void {
    const run = this.execute(job)
      .catch((error: unknown) => {
        // The database failed while recording the outcome; the lease runs out and the job reruns.
        this.options.logger.error({ err: error, jobId: job.id }, 'could not record a job outcome');
      })
      .finally(() => {
        this.finishedRuns++;
        this.running.delete(job.id);
        this.runningBackground.delete(job.id);
        this.wake();
      });
    this.running.set(job.id, run);
    if (job.lane !== 'interactive') this.runningBackground.add(job.id);
  }

  private async execute(job: JobRow): Promise<void> {
    const { jobs, logger } = this.options;
    const definition = this.options.registry.get(job.name);
    if (!definition) return; // claim() only takes registered names
    const context: JobContext = {
      jobId: job.id,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      isLastAttempt: job.attempts >= job.maxAttempts,
    };
    const log = logger.child({
      jobId: job.id,
      job: job.name,
      attempt: job.attempts,
      ...subjectOf(job.payload),
    });
    const started = performance.now();
    const observe = (outcome: 'succeeded' | 'retry' | 'failed') =>
      this.options.observeJob?.(job.name, outcome, (performance.now() - started) / 1000);
    const payload = definition.payload.safeParse(job.payload);

    if (!payload.success) {
      await this.failFinally(
        definition,
        undefined,
        job,
        context,
        new PermanentJobError(`The job's payload is invalid: ${payload.error.message}`),
      );
      return;
    }
    if (job.engineStops >= this.maxEngineStops) {
      // Its last runs ended with the worker process gone (a crash, or a freeze that outlived the
      // lease): running it once more would most likely take this worker down the same way.
      const error = abandonedTooOften(job.engineStops);
      log.warn({ err: error }, 'job failed for good: it kept stopping its worker');
      observe('failed');
      this.options.observePoisonedJob?.(job.name, 'abandoned');
      await this.failFinally(definition, payload.data, job, context, error);
      return;
    }
    if (job.attempts > job.maxAttempts) {
      // Its earlier runs all ended with the worker stopping (a crash on this input, most likely).
      const error = new PermanentJobError(
        `Gave up after ${job.maxAttempts} attempts: ${job.lastError ?? 'the worker stopped while running it'}`,
      );
      log.warn({ err: error }, 'job failed for good');
      observe('failed');
      await this.failFinally(definition, payload.data, job, context, error);
      return;
    }

    const heartbeat = setInterval(
      () => {
        jobs.renewLease(job.id, this.id, this.leaseMs).then(
          (held) => {
            if (!held) log.warn('lost the lease of a running job');
          },
          (error: unknown) => log.error({ err: error }, 'could not renew a job lease'),
        );
      },
      Math.max(1_000, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();

    try {
      const result = await definition.handler(payload.data, context);
      clearInterval(heartbeat);
      await jobs.markSucceeded(job.id, this.id, result ?? undefined);
      observe('succeeded');
    } catch (thrown) {
      clearInterval(heartbeat);
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      if (isDatabaseUnavailable(error)) {
        // The database failed, not the job (a restart, a failover): running it again once the
        // database answers does not use up its attempts, so a document is not failed for it.
        log.warn({ err: error }, 'the database failed during a job; will run it again');
        observe('retry');
        await jobs.scheduleRetry(job.id, this.id, error.message, DATABASE_RETRY_MS, {
          countAttempt: false,
        });
        return;
      }
      // The engine was ended under the run (its time or memory limit, a crash); its message is
      // written for the clerk. Stopping it again and again would only hold up other documents.
      const stopReason = engineStopReason(error);
      const engineStopped = stopReason !== undefined;
      if (stopReason !== undefined && job.engineStops + 1 >= this.maxEngineStops) {
        log.warn(
          { err: error, reason: stopReason },
          'job failed for good: it kept stopping the engine',
        );
        observe('failed');
        this.options.observePoisonedJob?.(job.name, stopReason);
        await this.failFinally(definition, payload.data, job, context, error, { engineStopped });
      } else if (error instanceof PermanentJobError || context.isLastAttempt) {
        log.warn({ err: error }, 'job failed for good');
        observe('failed');
        await this.failFinally(definition, payload.data, job, context, error, { engineStopped });
      } else {
        const delayMs = (definition.backoffMs ?? exponentialBackoff)(job.attempts);
        log.info({ err: error, retryInMs: delayMs }, 'job failed; will retry');
        observe('retry');
        await jobs.scheduleRetry(job.id, this.id, error.message, delayMs, { engineStopped });
      }
    }
  }

  private async failFinally(
    definition: JobDefinition<unknown>,
    payload: unknown,
    job: JobRow,
    context: JobContext,
    error: Error,
    { engineStopped = false }: { engineStopped?: boolean } = {},
  ): Promise<void> {
    await this.options.jobs.markFailed(job.id, this.id, error.message, { engineStopped });
    if (payload === undefined || !definition.onFinalFailure) return;
    try {
      await definition.onFinalFailure(payload, error, context);
    } catch (callbackError) {
      this.options.logger.error(
        { err: callbackError, jobId: job.id, job: job.name },
        'could not record the final failure of a job',
      );
    }
  }

  private async maintain(): Promise<void> {
    try {
      await this.options.jobs.requeueAbandoned(false);
      await this.options.jobs.purgeFinished(FINISHED_JOB_RETENTION_DAYS);
      this.wake();
    } catch (error) {
      this.options.logger.error({ err: error }, 'job queue maintenance failed');
    }
  }
}

/** The ids a job's payload names (pipeline, file), so its log lines can be found by them. */
function subjectOf(payload: unknown): Record<string, string> {
  if (typeof payload !== 'object' || payload === null) return {};
  const subject: Record<string, string> = {};
  for (const key of ['pipelineId', 'fileId', 'tenantId'] as const) {
    const value = (payload as Record<string, unknown>)[key];
    if (typeof value === 'string') subject[key] = value;
  }
  return subject;
}
