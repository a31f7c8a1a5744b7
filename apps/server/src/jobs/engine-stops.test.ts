import { EngineStoppedError } from '@parser/extraction';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { queueDatabasePerFile, type QueueDatabase } from '../../test/support/queue-database.js';
import { Metrics } from '../observability/metrics.js';

import { defineJob } from './job-definition.js';
import { JobRegistry } from './job-registry.js';

// Documents that stop the engine (its time or memory limit, a crash) or the worker process
// itself are set aside after a few tries, so they cannot hold up the queue for ever.
const database = queueDatabasePerFile({ emptiedBeforeEach: true });

const Payload = z.object({ document: z.string() });
const TOO_SLOW = 'This document took longer than 120 s to read; retry or contact support';

/** A job kind whose handler does `run`, recording each run and each final failure. */
function recordedJob(run: (call: number) => Promise<void>) {
  const calls: string[] = [];
  const finalFailures: string[] = [];
  const job = defineJob({
    name: 'test.read-document',
    payload: Payload,
    backoffMs: () => 0,
    handler: async ({ document }) => {
      calls.push(document);
      await run(calls.length);
    },
    onFinalFailure: async ({ document }, error) => {
      finalFailures.push(`${document}: ${error.message}`);
    },
  });
  return { job, calls, finalFailures, registry: new JobRegistry().register(job) };
}

/** A worker reporting to its own metrics, and what those metrics say of poisoned jobs. */
function observedWorker(
  registry: JobRegistry,
  overrides: Parameters<QueueDatabase['newWorker']>[1] = {},
) {
  const metrics = new Metrics({ role: 'worker', defaultMetrics: false });
  const worker = database.newWorker(registry, {
    observePoisonedJob: (kind, reason) => metrics.observePoisonedJob(kind, reason),
    ...overrides,
  });
  const poisoned = async () =>
    (await metrics.render())
      .split('\n')
      .filter((line) => line.startsWith('parser_jobs_poisoned_total{'));
  return { worker, poisoned };
}

const rowOf = async (id: number | undefined) => database.jobs.findById(id!);

describe('a job that stops the engine', () => {
  it('fails for good at the second stop, tells onFinalFailure why, counts it and is not run again', async () => {
    const { job, calls, finalFailures, registry } = recordedJob(async () => {
      throw new EngineStoppedError('timeout', TOO_SLOW, 'read');
    });
    const id = await database.queue.enqueue(job, { document: 'scan.pdf' }, { tenantId: null });
    const { worker, poisoned } = observedWorker(registry);

    await worker.runUntilIdle();

    expect(calls).toEqual(['scan.pdf', 'scan.pdf']);
    expect(finalFailures).toEqual([`scan.pdf: ${TOO_SLOW}`]);
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      engineStops: 2,
      lastError: TOO_SLOW,
    });
    expect(await poisoned()).toEqual([
      'parser_jobs_poisoned_total{kind="test.read-document",reason="timeout",role="worker"} 1',
    ]);

    await worker.runUntilIdle();
    expect(calls).toHaveLength(2);
  });

  it('runs again after a single stop, like after any failure', async () => {
    const { job, calls, finalFailures, registry } = recordedJob(async (call) => {
      if (call === 1)
        throw new EngineStoppedError('memory', 'This document needed too much memory', 'read');
    });
    const id = await database.queue.enqueue(job, { document: 'big.pdf' }, { tenantId: null });
    const { worker, poisoned } = observedWorker(registry);

    await worker.runUntilIdle();

    expect(calls).toHaveLength(2);
    expect(finalFailures).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ status: 'succeeded', engineStops: 1 });
    expect(await poisoned()).toEqual([]);
  });

  it('allows as many stops as configured', async () => {
    const { job, calls, registry } = recordedJob(async () => {
      throw new EngineStoppedError('crashed', 'The reader stopped on this document', 'read');
    });
    const id = await database.queue.enqueue(job, { document: 'odd.pdf' }, { tenantId: null });

    await database.newWorker(registry, { maxEngineStops: 3 }).runUntilIdle();

    expect(calls).toHaveLength(3);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', engineStops: 3 });
  });
});

describe('a job its worker process did not come back from', () => {
  it('is failed without running, with a reason for the clerk, when the server restarted twice under it', async () => {
    let unfreeze!: () => void;
    const frozen = new Promise<void>((resolve) => (unfreeze = resolve));
    const { job, calls, finalFailures, registry } = recordedJob(() => frozen);
    const id = await database.queue.enqueue(job, { document: 'freeze.pdf' }, { tenantId: null });
    // The first server took the job and died with it.
    await database.jobs.claim('server-1', 60_000, [job.name]);

    // The restarted server recovers the job and runs it; the run freezes that server as well.
    const restarted = database.newWorker(registry, { recoverAllOnStart: true, pollMs: 60_000 });
    await restarted.start();
    await expect.poll(() => calls).toEqual(['freeze.pdf']);
    expect(await rowOf(id)).toMatchObject({ status: 'running', engineStops: 1 });

    // The server after that recovers it again, and sets it aside instead of freezing too.
    const { worker: third, poisoned } = observedWorker(registry, { recoverAllOnStart: true });
    await third.start();
    await third.stop();

    expect(calls).toHaveLength(1);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', engineStops: 2 });
    expect(row?.lastError).toBe(
      'Processing this document stopped the server twice, so it was set aside; retry it, or ' +
        'contact support if it happens again',
    );
    expect(finalFailures).toEqual([`freeze.pdf: ${row?.lastError}`]);
    expect(await poisoned()).toEqual([
      'parser_jobs_poisoned_total{kind="test.read-document",reason="abandoned",role="worker"} 1',
    ]);

    unfreeze();
    await restarted.stop();
    expect(await rowOf(id)).toMatchObject({ status: 'failed' });
  });

  it('is failed without running once the lease of a frozen worker ran out twice', async () => {
    const { job, calls, finalFailures, registry } = recordedJob(async () => undefined);
    const id = await database.queue.enqueue(job, { document: 'freeze.pdf' }, { tenantId: null });
    for (const frozenWorker of ['worker-a', 'worker-b']) {
      // A claim whose lease ran out long ago: the worker stopped renewing it mid-run.
      await database.jobs.claim(frozenWorker, -60_000, [job.name]);
      // What every running worker's maintenance does on PostgreSQL.
      expect(await database.jobs.requeueAbandoned(false)).toBe(1);
    }

    await database.newWorker(registry).runUntilIdle();

    expect(calls).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', engineStops: 2 });
    expect(finalFailures).toEqual([expect.stringMatching(/stopped the server twice/)]);
  });

  it('is not counted when a worker hands it back at a graceful stop', async () => {
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const { job, calls, registry } = recordedJob(async (call) => {
      if (call <= 3) await slow;
    });
    const id = await database.queue.enqueue(job, { document: 'long.pdf' }, { tenantId: null });
    for (let deploy = 1; deploy <= 3; deploy++) {
      const worker = database.newWorker(registry, { recoverAllOnStart: true, pollMs: 60_000 });
      await worker.start();
      await expect.poll(() => calls).toHaveLength(deploy);
      // SIGTERM with no grace left: the job goes back to the queue at once.
      await worker.stop(0);
      expect(await rowOf(id)).toMatchObject({ status: 'queued', engineStops: 0 });
    }
    // The handed-back runs end late; what they would record no longer applies.
    finish();

    await database.newWorker(registry).runUntilIdle();

    expect(calls).toHaveLength(4);
    expect(await rowOf(id)).toMatchObject({ status: 'succeeded', engineStops: 0, attempts: 1 });
  });
});
