import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { queueDatabasePerFile } from '../../test/support/queue-database.js';

import { defineJob } from './job-definition.js';
import { JobRegistry } from './job-registry.js';

// The order in which one worker takes a queue's work: a document's steps one after another,
// companies taking turns.
const database = queueDatabasePerFile({ emptiedBeforeEach: true });

const Payload = z.object({ document: z.string(), tenantId: z.string().nullable() });

/**
 * Two steps per document; the first enqueues the second as its continuation, as pipelines do.
 * The check of `checkFailsOnce` fails its first run and is retried a minute later.
 */
function twoStepDocuments({ checkFailsOnce }: { checkFailsOnce?: string } = {}) {
  const ran: string[] = [];
  const check = defineJob({
    name: 'test.check',
    payload: Payload,
    backoffMs: () => 60_000,
    handler: async ({ document }) => {
      if (document === checkFailsOnce && !ran.includes(`check ${document} failed`)) {
        ran.push(`check ${document} failed`);
        throw new Error('the check service answered 503');
      }
      ran.push(`check ${document}`);
    },
  });
  const read = defineJob({
    name: 'test.read',
    payload: Payload,
    handler: async ({ document, tenantId }) => {
      ran.push(`read ${document}`);
      await database.queue.enqueue(
        check,
        { document, tenantId },
        { tenantId, dedupeKey: `${document}:check`, continues: `${document}:read` },
      );
    },
  });
  const upload = async (tenantId: string | null, documents: string[]) => {
    for (const document of documents) {
      await database.queue.enqueue(
        read,
        { document, tenantId },
        { tenantId, dedupeKey: `${document}:read` },
      );
    }
  };
  return { ran, upload, registry: new JobRegistry().register(read).register(check) };
}

const newTenant = async (name: string) =>
  (
    await database.handle.db
      .insertInto('tenants')
      .values({ name })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

describe('the order of claims', () => {
  it("runs a document's next step before reading the documents enqueued after it", async () => {
    const { ran, upload, registry } = twoStepDocuments();
    await upload(null, ['d1', 'd2', 'd3']);

    await database.newWorker(registry, { concurrency: 1 }).runUntilIdle();

    expect(ran).toEqual(['read d1', 'check d1', 'read d2', 'check d2', 'read d3', 'check d3']);
  });

  it('runs a retried next step before documents enqueued after its document, once it is due', async () => {
    const { ran, upload, registry } = twoStepDocuments({ checkFailsOnce: 'd1' });
    await upload(null, ['d1', 'd2']);
    const worker = database.newWorker(registry, { concurrency: 1 });
    await worker.runUntilIdle();
    expect(ran).toEqual(['read d1', 'check d1 failed', 'read d2', 'check d2']);

    await upload(null, ['d3']);
    // The retry's delay is over.
    await database.handle.db
      .updateTable('jobs')
      .set({ runAt: new Date() })
      .where('status', '=', 'queued')
      .execute();
    await worker.runUntilIdle();
    expect(ran.slice(4)).toEqual(['check d1', 'read d3', 'check d3']);
  });

  it("alternates two companies' batches step by step", async () => {
    const { ran, upload, registry } = twoStepDocuments();
    const [a, b] = [await newTenant('A'), await newTenant('B')];
    await upload(a, ['a1', 'a2']);
    await upload(b, ['b1', 'b2']);

    await database.newWorker(registry, { concurrency: 1 }).runUntilIdle();

    expect(ran).toEqual([
      'read a1',
      'read b1',
      'check a1',
      'check b1',
      'read a2',
      'read b2',
      'check a2',
      'check b2',
    ]);
  });

  it('gives each of three companies a turn before any has a second', async () => {
    const { ran, upload, registry } = twoStepDocuments();
    const tenants = [await newTenant('A'), await newTenant('B'), await newTenant('C')];
    for (const [index, tenant] of tenants.entries()) {
      const company = 'abc'[index]!;
      await upload(
        tenant,
        [1, 2, 3].map((n) => `${company}${n}`),
      );
    }

    await database.newWorker(registry, { concurrency: 1 }).runUntilIdle();

    expect(ran).toHaveLength(18);
    expect(ran[0]).toBe('read a1');
    // Each round of three claims serves every company once, whatever order the round takes.
    for (let round = 0; round < 6; round++) {
      const companies = ran.slice(round * 3, round * 3 + 3).map((step) => step.split(' ')[1]![0]);
      expect(companies.sort()).toEqual(['a', 'b', 'c']);
    }
  });
});
