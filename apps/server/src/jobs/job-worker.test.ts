import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { queueDatabasePerFile, type QueueDatabase } from '../../test/support/queue-database.js';

import { defineJob, PermanentJobError } from './job-definition.js';
import { JobRegistry } from './job-registry.js';

const database = queueDatabasePerFile({ emptiedBeforeEach: true });

const Payload = z.object({ n: z.number() });

const worker = (registry: JobRegistry, overrides: Parameters<QueueDatabase['newWorker']>[1] = {}) =>
  database.newWorker(registry, { concurrency: 2, ...overrides });

const statusOf = async (id: number | undefined) => (await database.jobs.findById(id!))?.status;

describe('JobWorker', () => {
  it('runs a job once and marks it succeeded', async () => {
    const seen: number[] = [];
    const job = defineJob({
      name: 'test.record',
      payload: Payload,
      handler: async ({ n }) => {
        seen.push(n);
      },
    });
    const id = await database.queue.enqueue(job, { n: 7 }, { tenantId: null });
    await worker(new JobRegistry().register(job)).runUntilIdle();
    expect(seen).toEqual([7]);
    expect(await statusOf(id)).toBe('succeeded');
  });

  it('retries a failing job with backoff until it succeeds, recording the last error', async () => {
    let calls = 0;
    const job = defineJob({
      name: 'test.flaky',
      payload: Payload,
      backoffMs: () => 0,
      handler: async () => {
        calls++;
        if (calls < 3) throw new Error(`boom ${calls}`);
      },
    });
    const id = await database.queue.enqueue(job, { n: 1 }, { tenantId: null });
    await worker(new JobRegistry().register(job)).runUntilIdle();
    const row = await database.jobs.findById(id!);
    expect(calls).toBe(3);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 3, lastError: 'boom 2' });
  });

  it('schedules a retry in the future, not at once', async () => {
    const job = defineJob({
      name: 'test.later',
      payload: Payload,
      backoffMs: () => 60_000,
      handler: async () => {
        throw new Error('receiver down');
      },
    });
    const id = await database.queue.enqueue(job, { n: 1 }, { tenantId: null });
    await worker(new JobRegistry().register(job)).runUntilIdle();
    const row = await database.jobs.findById(id!);
    expect(row?.status).toBe('queued');
    expect(row?.attempts).toBe(1);
    expect(new Date(row!.runAt).getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('fails for good after max attempts and calls onFinalFailure once with the error', async () => {
    const failures: string[] = [];
    const job = defineJob({
      name: 'test.hopeless',
      payload: Payload,
      maxAttempts: 3,
      backoffMs: () => 0,
      handler: async () => {
        throw new Error('still broken');
      },
      onFinalFailure: async ({ n }, error) => {
        failures.push(`${n}: ${error.message}`);
      },
    });
    const id = await database.queue.enqueue(job, { n: 4 }, { tenantId: null });
    await worker(new JobRegistry().register(job)).runUntilIdle();
    expect(failures).toEqual(['4: still broken']);
    expect(await database.jobs.findById(id!)).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('runs a job again without using up an attempt when the database failed under it', async () => {
    let calls = 0;
    const job = defineJob({
      name: 'test.database-restart',
      payload: Payload,
      maxAttempts: 1,
      handler: async () => {
        calls++;
        // What node-postgres throws for a query whose connection the server ended.
        if (calls === 1) {
          throw Object.assign(new Error('terminating connection due to administrator command'), {
            code: '57P01',
          });
        }
      },
    });
    const id = await database.queue.enqueue(job, { n: 1 }, { tenantId: null });
    const running = worker(new JobRegistry().register(job));
    await running.runUntilIdle();
    // Its only attempt was given back; it waits a few seconds for the database to return.
    expect(await database.jobs.findById(id!)).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await database.jobs.findById(id!))?.lastError).toMatch(/terminating connection/);

    await database.handle.db
      .updateTable('jobs')
      .set({ runAt: new Date() })
      .where('id', '=', id!)
      .execute();
    await running.runUntilIdle();
    expect(calls).toBe(2);
    expect(await database.jobs.findById(id!)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('does not retry a PermanentJobError', async () => {
    let calls = 0;
    const failures: string[] = [];
    const job = defineJob({
      name: 'test.permanent',
      payload: Payload,
      handler: async () => {
        calls++;
        throw new PermanentJobError('The PDF file is damaged and cannot be read.');
      },
      onFinalFailure: async (_payload, error) => {
        failures.push(error.message);
      },
    });
    await database.queue.enqueue(job, { n: 1 }, { tenantId: null });
    await worker(new JobRegistry().register(job)).runUntilIdle();
    expect(calls).toBe(1);
    expect(failures).toEqual(['The PDF file is damaged and cannot be read.']);
  });

  it('keeps one bad job from blocking the others', async () => {
    const done: number[] = [];
    const job = defineJob({
      name: 'test.mixed',
      payload: Payload,
      maxAttempts: 2,
      backoffMs: () => 0,
      handler: async ({ n }) => {
        if (n === 2) throw new Error('bad input');
        done.push(n);
      },
    });
    for (const n of [1, 2, 3]) await database.queue.enqueue(job, { n }, { tenantId: null });
    await worker(new JobRegistry().register(job)).runUntilIdle();
    expect(done.sort()).toEqual([1, 3]);
  });

  it('enqueues nothing more while a job with the same dedupe key is waiting', async () => {
    const job = defineJob({ name: 'test.dedupe', payload: Payload, handler: async () => {} });
    const first = await database.queue.enqueue(job, { n: 1 }, { tenantId: null, dedupeKey: 'p-1' });
    const second = await database.queue.enqueue(
      job,
      { n: 2 },
      { tenantId: null, dedupeKey: 'p-1' },
    );
    expect(first).toBeTypeOf('number');
    expect(second).toBeUndefined();
    await worker(new JobRegistry().register(job)).runUntilIdle();
    expect(
      await database.queue.enqueue(job, { n: 3 }, { tenantId: null, dedupeKey: 'p-1' }),
    ).toBeTypeOf('number');
  });

  it('resumes a job whose worker died mid-run when the next worker starts', async () => {
    let calls = 0;
    const job = defineJob({
      name: 'test.crash',
      payload: Payload,
      handler: async () => {
        calls++;
      },
    });
    const id = await database.queue.enqueue(job, { n: 1 }, { tenantId: null });
    // A worker claims the job, then its process dies: the row stays 'running' with its lease.
    const claimed = await database.jobs.claim('dead-worker', 60_000, ['test.crash'], null);
    expect(claimed?.id).toBe(id);
    expect(await statusOf(id)).toBe('running');

    const next = worker(new JobRegistry().register(job), { recoverAllOnStart: true });
    await next.start();
    await next.stop(); // let the woken worker finish what it claimed
    await worker(new JobRegistry().register(job)).runUntilIdle();
    expect(calls).toBe(1);
    expect(await database.jobs.findById(id!)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('takes over a job whose lease ran out, without start-up recovery', async () => {
    const job = defineJob({ name: 'test.lease', payload: Payload, handler: async () => {} });
    const id = await database.queue.enqueue(job, { n: 1 }, { tenantId: null });
    await database.jobs.claim('dead-worker', 1, ['test.lease'], null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await database.jobs.requeueAbandoned(false)).toBe(1);
    await worker(new JobRegistry().register(job)).runUntilIdle();
    expect(await statusOf(id)).toBe('succeeded');
  });

  it('gives up on a job whose worker died under it until its attempts ran out, calling onFinalFailure', async () => {
    const failures: string[] = [];
    const job = defineJob({
      name: 'test.poison',
      payload: Payload,
      maxAttempts: 2,
      handler: async () => {},
      onFinalFailure: async (_payload, error) => {
        failures.push(error.message);
      },
    });
    const id = await database.queue.enqueue(job, { n: 1 }, { tenantId: null });
    for (let run = 0; run < 2; run++) {
      await database.jobs.claim('dying-worker', 60_000, ['test.poison'], null);
      await database.jobs.requeueAbandoned(true);
    }
    // More stops allowed than attempts: the attempts run out first.
    await worker(new JobRegistry().register(job), { maxEngineStops: 3 }).runUntilIdle();
    expect(await statusOf(id)).toBe('failed');
    expect(failures[0]).toMatch(/Gave up after 2 attempts/);
  });

  it("serves another tenant's job before the rest of a large batch", async () => {
    const order: string[] = [];
    const job = defineJob({
      name: 'test.fair',
      payload: z.object({ n: z.number(), tenant: z.string() }),
      handler: async ({ tenant, n }) => {
        order.push(`${tenant}${n}`);
      },
    });
    const [a, b] = await Promise.all(
      ['A', 'B'].map((name) =>
        database.handle.db
          .insertInto('tenants')
          .values({ name })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    );
    for (let n = 1; n <= 4; n++) {
      await database.queue.enqueue(job, { n, tenant: 'A' }, { tenantId: a!.id });
    }
    await database.queue.enqueue(job, { n: 1, tenant: 'B' }, { tenantId: b!.id });
    await worker(new JobRegistry().register(job), { concurrency: 1 }).runUntilIdle();
    expect(order).toEqual(['A1', 'B1', 'A2', 'A3', 'A4']);
  });

  it('never runs a job twice when two workers drain the queue side by side', async () => {
    const runs = new Map<number, number>();
    const job = defineJob({
      name: 'test.parallel',
      payload: Payload,
      handler: async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    });
    for (let n = 0; n < 20; n++) await database.queue.enqueue(job, { n }, { tenantId: null });
    const registry = new JobRegistry().register(job);
    await Promise.all([worker(registry).runUntilIdle(), worker(registry).runUntilIdle()]);
    expect(runs.size).toBe(20);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('leaves jobs it has no definition for in the queue', async () => {
    const known = defineJob({ name: 'test.known', payload: Payload, handler: async () => {} });
    const unknown = defineJob({ name: 'test.unknown', payload: Payload, handler: async () => {} });
    const id = await database.queue.enqueue(unknown, { n: 1 }, { tenantId: null });
    await worker(new JobRegistry().register(known)).runUntilIdle();
    expect(await statusOf(id)).toBe('queued');
  });

  it('starts a job enqueued while running, without waiting for the poll', async () => {
    const seen: number[] = [];
    const job = defineJob({
      name: 'test.wake',
      payload: Payload,
      handler: async ({ n }) => {
        seen.push(n);
      },
    });
    const running = worker(new JobRegistry().register(job), { pollMs: 60_000 });
    await running.start();
    await database.queue.enqueue(job, { n: 5 }, { tenantId: null });
    await expect.poll(() => seen, { timeout: 5_000 }).toEqual([5]);
    await running.stop();
  });
});
