import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { queueDatabasePerFile } from '../../test/support/queue-database.js';

import { defineJob } from './job-definition.js';
import { JobRegistry } from './job-registry.js';
import { waitForJob } from './job-waiter.js';
import { JobWorker } from './job-worker.js';

const database = queueDatabasePerFile();

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
      jobs: database.jobs,
      registry: new JobRegistry().register(extract).register(read),
      queue: database.queue,
      logger: pino({ level: 'silent' }),
      concurrency: 2,
      recoverAllOnStart: false,
      pollMs: 20,
    });
    for (let n = 1; n <= 6; n++) await database.queue.enqueue(extract, { n }, { tenantId: null });
    await worker.start();
    try {
      await expect.poll(() => started.length).toBe(2);

      const id = await database.queue.enqueue(read, { n: 3 }, { tenantId: null });
      const finished = await waitForJob(database.jobs, id!, 5_000);

      expect(finished.status).toBe('succeeded');
      expect(finished.result).toEqual({ pages: 3 });
      // The burst still holds its two slots and the rest of it waits: nothing else was taken.
      expect(started).toEqual([1, 2]);
    } finally {
      release();
      await worker.stop();
    }
    expect(await database.jobs.countUnfinished()).toBe(4);
  });

  it('claims queued interactive work before older background work', async () => {
    await database.handle.db.deleteFrom('jobs').execute();
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
    await database.queue.enqueue(background, { n: 1 }, { tenantId: null });
    await database.queue.enqueue(background, { n: 2 }, { tenantId: null });
    await database.queue.enqueue(interactive, { n: 3 }, { tenantId: null });
    await new JobWorker({
      jobs: database.jobs,
      registry: new JobRegistry().register(background).register(interactive),
      logger: pino({ level: 'silent' }),
      concurrency: 1,
      reservedInteractiveSlots: 0,
      recoverAllOnStart: false,
    }).runUntilIdle();
    expect(order).toEqual(['interactive 3', 'background 1', 'background 2']);
  });
});
