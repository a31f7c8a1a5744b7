import { sql } from 'kysely';

import type { Database, DbExecutor } from '../db/client.js';
import { jsonb } from '../db/json.js';
import type { JobLane, JobRow } from '../db/schema.js';

export interface NewJob {
  name: string;
  payload: unknown;
  tenantId: string | null;
  maxAttempts: number;
  runAt?: Date;
  dedupeKey?: string | null;
  lane?: JobLane;
}

/** SQL of the job queue. Every state change is one statement, so two workers never both win. */
export class JobsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Inserts a queued job; with a dedupe key that already has a queued or running job, inserts
   * nothing and answers undefined.
   */
  async insert(job: NewJob, trx: DbExecutor = this.db): Promise<JobRow | undefined> {
    return trx
      .insertInto('jobs')
      .values({
        name: job.name,
        payload: jsonb(job.payload),
        tenantId: job.tenantId,
        maxAttempts: job.maxAttempts,
        runAt: job.runAt ?? sql<Date>`now()`,
        dedupeKey: job.dedupeKey ?? null,
        lane: job.lane ?? 'background',
      })
      .onConflict((conflict) =>
        conflict.column('dedupeKey').where('status', 'in', ['queued', 'running']).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Claims the oldest job that is due, preferring another tenant than `avoidTenantId` so that one
   * tenant's large batch does not make everyone else wait behind it. SKIP LOCKED lets several
   * workers claim side by side; the lease says how long the claim holds without renewal.
   * Interactive jobs (someone waits for them) come before background ones; `lanes` limits the
   * claim to some lanes (a slot reserved for interactive work).
   */
  async claim(
    workerId: string,
    leaseMs: number,
    names: readonly string[],
    avoidTenantId: string | null,
    lanes: readonly JobLane[] = ['interactive', 'background'],
  ): Promise<JobRow | undefined> {
    if (names.length === 0 || lanes.length === 0) return undefined;
    const claimed = await this.claimWhere(workerId, leaseMs, names, avoidTenantId, lanes);
    if (claimed || avoidTenantId === null) return claimed;
    return this.claimWhere(workerId, leaseMs, names, null, lanes);
  }

  private claimWhere(
    workerId: string,
    leaseMs: number,
    names: readonly string[],
    avoidTenantId: string | null,
    lanes: readonly JobLane[],
  ): Promise<JobRow | undefined> {
    return this.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: sql<number>`attempts + 1`,
        lockedBy: workerId,
        lockedUntil: sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval`,
        updatedAt: sql<Date>`now()`,
      })
      .where(
        'id',
        '=',
        this.db
          .selectFrom('jobs')
          .select('id')
          .where('status', '=', 'queued')
          .where('runAt', '<=', sql<Date>`now()`)
          .where('name', 'in', names)
          .where('lane', 'in', lanes)
          .$if(avoidTenantId !== null, (query) =>
            query.where(sql<boolean>`tenant_id IS DISTINCT FROM ${avoidTenantId}`),
          )
          .orderBy(sql`lane = 'interactive'`, 'desc')
          .orderBy('runAt')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Extends the lease of a job this worker still holds; false when it lost it. */
  async renewLease(jobId: number, workerId: string, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ lockedUntil: sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where('id', '=', jobId)
      .where('status', '=', 'running')
      .where('lockedBy', '=', workerId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** `result`: what the handler answered (undefined stores nothing). */
  async markSucceeded(jobId: number, workerId: string, result?: unknown): Promise<void> {
    await this.finish(jobId, workerId, 'succeeded', null, result);
  }

  async markFailed(jobId: number, workerId: string, error: string): Promise<void> {
    await this.finish(jobId, workerId, 'failed', error);
  }

  private async finish(
    jobId: number,
    workerId: string,
    status: 'succeeded' | 'failed',
    error: string | null,
    result?: unknown,
  ): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({
        status,
        // A success keeps the error of the run before it: "succeeded after retries" is history.
        ...(error === null ? {} : { lastError: error }),
        ...(result === undefined ? {} : { result: jsonb(result) }),
        lockedBy: null,
        lockedUntil: null,
        finishedAt: sql<Date>`now()`,
        updatedAt: sql<Date>`now()`,
      })
      .where('id', '=', jobId)
      .where('lockedBy', '=', workerId)
      .execute();
  }

  /**
   * Puts a failed run back in the queue to run again after `delayMs`. A run the job is not to
   * blame for (`countAttempt: false`) gives its attempt back.
   */
  async scheduleRetry(
    jobId: number,
    workerId: string,
    error: string,
    delayMs: number,
    { countAttempt = true }: { countAttempt?: boolean } = {},
  ): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({
        status: 'queued',
        lastError: error,
        lockedBy: null,
        lockedUntil: null,
        runAt: sql<Date>`now() + ${`${delayMs} milliseconds`}::interval`,
        updatedAt: sql<Date>`now()`,
        ...(countAttempt ? {} : { attempts: sql<number>`greatest(attempts - 1, 0)` }),
      })
      .where('id', '=', jobId)
      .where('lockedBy', '=', workerId)
      .execute();
  }

  /**
   * Returns running jobs whose worker is gone to the queue: all of them when `all` (the embedded
   * server holds its data directory alone, so nothing can still be running at start), otherwise
   * those whose lease has run out. Their attempt stays counted, so a job that kills its worker
   * every time still runs out of attempts.
   */
  async requeueAbandoned(all: boolean): Promise<number> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        status: 'queued',
        lockedBy: null,
        lockedUntil: null,
        lastError: sql<string>`coalesce(last_error, 'The worker stopped while running this job')`,
        updatedAt: sql<Date>`now()`,
      })
      .where('status', '=', 'running')
      .$if(!all, (query) => query.where('lockedUntil', '<', sql<Date>`now()`))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Deletes finished jobs older than the retention, a bounded batch at a time. */
  async purgeFinished(olderThanDays: number, batch = 1000): Promise<number> {
    const result = await this.db
      .deleteFrom('jobs')
      .where(
        'id',
        'in',
        this.db
          .selectFrom('jobs')
          .select('id')
          .where('status', 'in', ['succeeded', 'failed'])
          .where('finishedAt', '<', sql<Date>`now() - ${`${olderThanDays} days`}::interval`)
          .limit(batch),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The queued or running job holding a dedupe key, to wait for it instead of enqueueing twice. */
  findUnfinishedByDedupeKey(dedupeKey: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupeKey', '=', dedupeKey)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
  }

  findById(jobId: number): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
  }

  /** Jobs due to run now (a cheap query on the queue's own index; readiness checks). */
  async countDue(): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'queued')
      .where('runAt', '<=', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Per job kind: queued, running and dead (failed for good, kept until purged) jobs, and how long
   * the oldest due queued job has waited. Read when metrics are scraped.
   */
  async queueSnapshot(): Promise<
    { name: string; queued: number; running: number; failed: number; oldestQueuedSeconds: number }[]
  > {
    const result = await sql<{
      name: string;
      queued: number;
      running: number;
      failed: number;
      oldestQueuedSeconds: number | null;
    }>`
      SELECT name,
             count(*) FILTER (WHERE status = 'queued')::int AS queued,
             count(*) FILTER (WHERE status = 'running')::int AS running,
             count(*) FILTER (WHERE status = 'failed')::int AS failed,
             extract(epoch FROM now() - min(run_at) FILTER (WHERE status = 'queued' AND run_at <= now()))::float8
               AS oldest_queued_seconds
      FROM jobs
      WHERE status IN ('queued', 'running', 'failed')
      GROUP BY name`.execute(this.db);
    return result.rows.map((row) => ({
      name: row.name,
      queued: Number(row.queued),
      running: Number(row.running),
      failed: Number(row.failed),
      oldestQueuedSeconds: Math.max(0, Number(row.oldestQueuedSeconds ?? 0)),
    }));
  }

  /**
   * Hands a job this worker holds back to the queue at once (a worker told to stop before the job
   * finished), so another worker need not wait for the lease to run out. The interrupted run does
   * not count as an attempt: stopping was not the job's fault.
   */
  async release(jobId: number, workerId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        status: 'queued',
        lockedBy: null,
        lockedUntil: null,
        runAt: sql<Date>`now()`,
        attempts: sql<number>`greatest(attempts - 1, 0)`,
        updatedAt: sql<Date>`now()`,
      })
      .where('id', '=', jobId)
      .where('status', '=', 'running')
      .where('lockedBy', '=', workerId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Jobs not finished yet, for tests and for waiting until the queue is idle. */
  async countUnfinished(): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
