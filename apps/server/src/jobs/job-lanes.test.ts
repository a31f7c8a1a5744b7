import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { openQueueDatabase, type QueueDatabase } from '../../test/support/queue-database.js';
import type { DatabaseHandle } from '../db/client.js';

import { defineJob } from './job-definition.js';
import type { JobQueue } from './job-queue.js';
import { JobRegistry } from './job-registry.js';
import { waitForJob } from './job-waiter.js';
import { JobWorker } from './job-worker.js';
import type { JobsRepository } from './jobs.repository.js';

let handle: DatabaseHandle;
let jobs: JobsRepository;
let queue: JobQueue;

let database: QueueDatabase;

beforeAll(async () => {
  database = await openQueueDatabase();
  ({ handle, jobs, queue } = database);
});
afterAll(() => database.close());

const Payload = z.object({ n: z.number() });

describe('the interactive lane', () => {
  it('answers a waiting request while a burst of background jobs holds every normal slot', async () => {
    // Background jobs that hold their slot until released, like long OCR runs.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const started: number[] = [];
    const extract = defineJob({
      name: 'test.extract',
      payload: Payload,
      handler: async ({ n }) => {
        started.push(n);
        await released;
      },
    });
    const read = defineJob({
      name: 'test.read',
      payload: Payload,
      lane: 'interactive',
      handler: async ({ n }) => ({ pages: n }),
    });
    const worker = new JobWorker({
      jobs,
      registry: new JobRegistry().register(extract).register(read),
      queue,
      logger: pino({ level: 'silent' }),
      concurrency: 2,
      recoverAllOnStart: false,
      pollMs: 20,
    });
    for (let n = 1; n <= 6; n++) await queue.enqueue(extract, { n }, { tenantId: null });
    await worker.start();
    try {
      await expect.poll(() => started.length).toBe(2);

      const id = await queue.enqueue(read, { n: 3 }, { tenantId: null });
      const finished = await waitForJob(jobs, id!, 5_000);

      expect(finished.status).toBe('succeeded');
      expect(finished.result).toEqual({ pages: 3 });
      // The burst still holds its two slots and the rest of it waits: nothing else was taken.
      expect(started).toEqual([1, 2]);
    } finally {
      release();
      await worker.stop();
    }
    expect(await jobs.countUnfinished()).toBe(4);
  });

  it('claims queued interactive work before older background work', async () => {
    await handle.db.deleteFrom('jobs').execute();
    const order: string[] = [];
    const background = defineJob({
      name: 'test.background',
      payload: Payload,
      handler: async ({ n }) => void order.push(`background ${n}`),
    });
    const interactive = defineJob({
      name: 'test.interactive',
      payload: Payload,
      lane: 'interactive',
      handler: async ({ n }) => void order.push(`interactive ${n}`),
    });
    await queue.enqueue(background, { n: 1 }, { tenantId: null });
    await queue.enqueue(background, { n: 2 }, { tenantId: null });
    await queue.enqueue(interactive, { n: 3 }, { tenantId: null });
    await new JobWorker({
      jobs,
      registry: new JobRegistry().register(background).register(interactive),
      logger: pino({ level: 'silent' }),
      concurrency: 1,
      reservedInteractiveSlots: 0,
      recoverAllOnStart: false,
    }).runUntilIdle();
    expect(order).toEqual(['interactive 3', 'background 1', 'background 2']);
  });
});
