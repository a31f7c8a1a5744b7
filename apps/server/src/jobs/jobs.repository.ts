import { type Expression, sql } from 'kysely';

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
  /**
   * The dedupe key of the unfinished job this one continues (the step before it): the new job
   * takes that job's place in line instead of joining the end.
   */
  continues?: string | undefined;
}

/** Stands for "no company" where companies take turns, so work of none gets its turn too. */
const NO_COMPANY = '00000000-0000-0000-0000-000000000000';
/**
 * Whose turn a job waits for: its company's, or NO_COMPANY's. The claim's index is built on this
 * very expression (migration 0018), so it is written with the id inline, not as a parameter.
 */
const QUEUE_OWNER = sql<string>`coalesce(tenant_id, ${sql.lit(NO_COMPANY)}::uuid)`;

/** A job handed back to the queue: no worker holds it any more. */
const BACK_IN_QUEUE = {
  status: 'queued',
  lockedBy: null,
  lockedUntil: null,
  updatedAt: sql<Date>`now()`,
} as const;

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
        ...(job.continues ? { placeInLine: this.placeOf(job.continues, trx) } : {}),
      })
      .onConflict((conflict) =>
        conflict.column('dedupeKey').where('status', 'in', ['queued', 'running']).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** The place in line of the unfinished job holding `dedupeKey`, or the end of the line. */
  private placeOf(dedupeKey: string, trx: DbExecutor): Expression<number> {
    const predecessor = trx
      .selectFrom('jobs')
      .select('placeInLine')
      .where('dedupeKey', '=', dedupeKey)
      .where('status', 'in', ['queued', 'running']);
    return sql<number>`coalesce((${predecessor}), nextval('jobs_place_in_line_seq'))`;
  }

  /**
   * Claims a due job. Interactive work (someone waits for it) comes first. Background work goes
   * round the companies that have some, the next one after `afterTenantId` (the company served
   * last; null for work of none), so one company's large batch does not make everyone else wait
   * behind it. Before a worker's first claim (undefined), or when the next company's work is all
   * being taken by other workers, the first in line of anyone's. Jobs are taken in order of their
   * place in line, where a document's next step keeps the place of its first.
   * SKIP LOCKED lets several workers claim side by side; the lease says how long the claim holds
   * without renewal. `lanes` limits the claim to some lanes (a slot reserved for interactive work).
   * Every choice reads the first entries of an index range, so claiming stays cheap in a long queue.
   */
  async claim(
    workerId: string,
    leaseMs: number,
    names: readonly string[],
    afterTenantId?: string | null,
    lanes: readonly JobLane[] = ['interactive', 'background'],
  ): Promise<JobRow | undefined> {
    if (names.length === 0 || lanes.length === 0) return undefined;
    // Tried in this order; the database runs a choice only when those before it found nothing.
    const choices: Expression<number>[] = [];
    if (lanes.includes('interactive')) choices.push(this.firstInLine(names, 'interactive'));
    if (lanes.includes('background')) {
      if (afterTenantId !== undefined) {
        choices.push(
          this.firstInLine(names, 'background', this.nextOwner(names, afterTenantId ?? NO_COMPANY)),
        );
      }
      choices.push(this.firstInLine(names, 'background'));
    }
    return this.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: sql<number>`attempts + 1`,
        lockedBy: workerId,
        lockedUntil: sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval`,
        updatedAt: sql<Date>`now()`,
      })
      .where('id', '=', sql<number>`coalesce(${sql.join(choices)})`)
      .returningAll()
      .executeTakeFirst();
  }

  private dueIn(names: readonly string[], lane: JobLane) {
    return this.db
      .selectFrom('jobs')
      .where('status', '=', 'queued')
      .where('lane', '=', lane)
      .where('runAt', '<=', sql<Date>`now()`)
      .where('name', 'in', names);
  }

  /** The id of the first due job in line in `lane`, of one owner (QUEUE_OWNER) or of anyone. */
  private firstInLine(
    names: readonly string[],
    lane: JobLane,
    owner?: Expression<string>,
  ): Expression<number> {
    const due = this.dueIn(names, lane);
    const first = (owner === undefined ? due : due.where(QUEUE_OWNER, '=', owner))
      .select('id')
      .orderBy('placeInLine')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked();
    return sql<number>`(${first})`;
  }

  /** The next owner after `after` with due background work, going round to the first. */
  private nextOwner(names: readonly string[], after: string): Expression<string> {
    const owners = () =>
      this.dueIn(names, 'background').select(QUEUE_OWNER.as('owner')).orderBy(QUEUE_OWNER).limit(1);
    return sql<string>`coalesce((${owners().where(QUEUE_OWNER, '>', after)}), (${owners()}))`;
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

  /** `engineStopped`: the run ended because the engine was stopped under it (counted). */
  async markFailed(
    jobId: number,
    workerId: string,
    error: string,
    { engineStopped = false }: { engineStopped?: boolean } = {},
  ): Promise<void> {
    await this.finish(jobId, workerId, 'failed', error, undefined, engineStopped);
  }

  private async finish(
    jobId: number,
    workerId: string,
    status: 'succeeded' | 'failed',
    error: string | null,
    result?: unknown,
    engineStopped = false,
  ): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({
        status,
        // A success keeps the error of the run before it: "succeeded after retries" is history.
        ...(error === null ? {} : { lastError: error }),
        ...(result === undefined ? {} : { result: jsonb(result) }),
        ...(engineStopped ? { engineStops: sql<number>`engine_stops + 1` } : {}),
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
   * blame for (`countAttempt: false`) gives its attempt back; a run the engine was stopped under
   * (`engineStopped`) is counted towards the job's limit of engine stops.
   */
  async scheduleRetry(
    jobId: number,
    workerId: string,
    error: string,
    delayMs: number,
    {
      countAttempt = true,
      engineStopped = false,
    }: { countAttempt?: boolean; engineStopped?: boolean } = {},
  ): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({
        ...BACK_IN_QUEUE,
        lastError: error,
        runAt: sql<Date>`now() + ${`${delayMs} milliseconds`}::interval`,
        ...(countAttempt ? {} : { attempts: sql<number>`greatest(attempts - 1, 0)` }),
        ...(engineStopped ? { engineStops: sql<number>`engine_stops + 1` } : {}),
      })
      .where('id', '=', jobId)
      .where('lockedBy', '=', workerId)
      .execute();
  }

  /**
   * Returns running jobs whose worker is gone to the queue: all of them when `all` (the embedded
   * server holds its data directory alone, so nothing can still be running at start), otherwise
   * those whose lease has run out. Their attempt stays counted, and the run counts as one that
   * stopped its worker: a job that freezes or kills its worker every time is failed by the next
   * worker to claim it once it reaches the limit of engine stops, not run into the same freeze.
   */
  async requeueAbandoned(all: boolean): Promise<number> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        ...BACK_IN_QUEUE,
        engineStops: sql<number>`engine_stops + 1`,
        lastError: sql<string>`coalesce(last_error, 'The worker stopped while running this job')`,
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
   * not count as an attempt, nor as an engine stop: stopping was not the job's fault.
   */
  async release(jobId: number, workerId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        ...BACK_IN_QUEUE,
        runAt: sql<Date>`now()`,
        attempts: sql<number>`greatest(attempts - 1, 0)`,
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
