import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { queueDatabasePerFile, type QueueDatabase } from '../../test/support/queue-database.js';

import { defineJob } from './job-definition.js';
import { JobRegistry } from './job-registry.js';

// Several workers on one queue, as separate worker processes run them on PostgreSQL.
const database = queueDatabasePerFile({ emptiedBeforeEach: true });

const Payload = z.object({ pipelineId: z.string() });

const worker = (registry: JobRegistry, overrides: Parameters<QueueDatabase['newWorker']>[1] = {}) =>
  database.newWorker(registry, { pollMs: 50, ...overrides });

describe('workers sharing a queue', () => {
  it('a stopping worker hands its unfinished job back, uncounted, and another takes it at once', async () => {
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ranBy: string[] = [];
    const slow = defineJob({
      name: 'test.slow',
      payload: Payload,
      handler: async () => {
        ranBy.push('first');
        await stuck;
      },
    });
    const id = await database.queue.enqueue(slow, { pipelineId: 'p-1' }, { tenantId: null });
    const first = worker(new JobRegistry().register(slow));
    await first.start();
    await expect.poll(() => ranBy).toEqual(['first']);

    // SIGTERM with a grace period shorter than the job.
    await first.stop(50);
    expect(await database.jobs.findById(id!)).toMatchObject({
      status: 'queued',
      attempts: 0,
      lockedBy: null,
    });

    const finished: string[] = [];
    const fast = defineJob({
      name: 'test.slow',
      payload: Payload,
      handler: async ({ pipelineId }) => {
        finished.push(pipelineId);
      },
    });
    await worker(new JobRegistry().register(fast)).runUntilIdle();
    expect(finished).toEqual(['p-1']);
    expect(await database.jobs.findById(id!)).toMatchObject({ status: 'succeeded', attempts: 1 });
    release();
  });

  it('a running worker takes over the job of a killed worker once its lease runs out', async () => {
    const done: string[] = [];
    const job = defineJob({
      name: 'test.orphan',
      payload: Payload,
      handler: async ({ pipelineId }) => {
        done.push(pipelineId);
      },
    });
    const id = await database.queue.enqueue(job, { pipelineId: 'p-2' }, { tenantId: null });
    // A worker claimed it with a short lease, then was killed: nothing renews or finishes it.
    expect((await database.jobs.claim('killed-worker', 300, ['test.orphan'], null))?.id).toBe(id);

    const survivor = worker(new JobRegistry().register(job), { leaseMs: 300 });
    await survivor.start();
    try {
      // The handler runs before the worker records the outcome: wait for the record.
      await expect
        .poll(async () => (await database.jobs.findById(id!))?.status, { timeout: 10_000 })
        .toBe('succeeded');
      expect(await database.jobs.findById(id!)).toMatchObject({ attempts: 2 });
      expect(done).toEqual(['p-2']);
    } finally {
      await survivor.stop();
    }
  });

  it('reports each run and keeps jobs out of attempts as dead letters', async () => {
    const outcomes: string[] = [];
    const job = defineJob({
      name: 'test.doomed',
      payload: Payload,
      maxAttempts: 2,
      backoffMs: () => 0,
      handler: async () => {
        throw new Error('the service answered 500');
      },
    });
    const id = await database.queue.enqueue(job, { pipelineId: 'p-3' }, { tenantId: null });
    await worker(new JobRegistry().register(job), {
      observeJob: (kind, outcome) => outcomes.push(`${kind}:${outcome}`),
    }).runUntilIdle();
    expect(outcomes).toEqual(['test.doomed:retry', 'test.doomed:failed']);
    expect(await database.jobs.findById(id!)).toMatchObject({
      status: 'failed',
      lastError: 'the service answered 500',
    });
    expect(await database.jobs.queueSnapshot()).toContainEqual(
      expect.objectContaining({ name: 'test.doomed', failed: 1, queued: 0, running: 0 }),
    );
  });
});
