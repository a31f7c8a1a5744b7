import { EngineStoppedError } from '@parser/extraction';
import { invoicePdf } from '@parser/test-documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  company,
  createInvoiceType,
  createPipelines,
  getReview,
  type Headers,
} from '../../../test/factories.js';
import type { JobDefinition } from '../../jobs/job-definition.js';
import { JobRegistry } from '../../jobs/job-registry.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' });
});
afterAll(() => t.close());

const TOO_SLOW = 'This document took longer than 120 s to read; retry or contact support';

/** A company with an invoice type whose data entry and reconciliation agents are on. */
async function companyWithAgents(name: string) {
  const admin = await company(t.app, name);
  const typeId = await createInvoiceType(
    t.app,
    admin.headers,
    {},
    { data_entry: true, recon: true },
  );
  return { ...admin, typeId };
}

/** Uploads `count` invoices as one batch; answers their pipeline ids in upload order. */
async function uploadBatch(owner: { headers: Headers; typeId: string }, count: number) {
  const documents = [];
  for (let n = 1; n <= count; n++) {
    const { bytes } = await invoicePdf({ invoiceNumber: `INV-${n}` });
    documents.push({ bytes, fileName: `invoice-${n}.pdf` });
  }
  return (await createPipelines(t.app, owner.headers, owner.typeId, documents)).pipelineIds;
}

/**
 * The app's jobs as a worker runs them, each pipeline step's start recorded as
 * "<step> <document>", the document named by `labels` (pipeline id → name).
 */
function recordingRegistry(labels: Map<string, string>) {
  const started: string[] = [];
  const registry = new JobRegistry();
  for (const name of t.jobs.registry.names()) {
    const definition = t.jobs.registry.get(name)!;
    registry.register({
      ...definition,
      handler: (payload, context) => {
        const { pipelineId, step } = payload as { pipelineId?: string; step?: string };
        const label = pipelineId && labels.get(pipelineId);
        if (label) started.push(`${step ?? 'extraction'} ${label}`);
        return definition.handler(payload, context);
      },
    });
  }
  return { started, registry };
}

const stepsOf = (document: string) =>
  ['extraction', 'data_entry', 'reconciliation'].map((step) => `${step} ${document}`);

describe('the pipeline jobs of a batch', () => {
  it('take each document through all its steps before reading the documents uploaded after it', async () => {
    const owner = await companyWithAgents('Batch Ltd');
    const ids = await uploadBatch(owner, 3);
    const { started, registry } = recordingRegistry(
      new Map(ids.map((id, index) => [id, `d${index + 1}`])),
    );

    await t.newWorker({ registry, concurrency: 1 }).runUntilIdle();

    expect(started).toEqual([...stepsOf('d1'), ...stepsOf('d2'), ...stepsOf('d3')]);
    for (const id of ids) {
      expect((await getReview(t.app, owner.headers, id)).current_step).toBe('human_review');
    }
  });

  it("interleave two companies' batches step by step", async () => {
    const first = await companyWithAgents('First Ltd');
    const second = await companyWithAgents('Second Ltd');
    const firstIds = await uploadBatch(first, 2);
    const secondIds = await uploadBatch(second, 2);
    const { started, registry } = recordingRegistry(
      new Map([
        ...firstIds.map((id, index) => [id, `a${index + 1}`] as const),
        ...secondIds.map((id, index) => [id, `b${index + 1}`] as const),
      ]),
    );

    await t.newWorker({ registry, concurrency: 1 }).runUntilIdle();

    const alternating = (a: string, b: string) =>
      stepsOf(a).flatMap((step, index) => [step, stepsOf(b)[index]!]);
    expect(started).toEqual([...alternating('a1', 'b1'), ...alternating('a2', 'b2')]);
  });
});

describe('a document that stops the engine', () => {
  /** The app's jobs, with extraction stopped by the engine's time limit `stops` more times. */
  function engineStoppingRegistry(stops: { left: number }) {
    const registry = new JobRegistry();
    for (const name of t.jobs.registry.names()) {
      const definition = t.jobs.registry.get(name)! as JobDefinition<{ pipelineId: string }>;
      if (name !== 'pipeline.extract') {
        registry.register(definition);
        continue;
      }
      registry.register({
        ...definition,
        backoffMs: () => 0,
        handler: async (payload, context) => {
          if (stops.left-- > 0) throw new EngineStoppedError('timeout', TOO_SLOW, 'read');
          return definition.handler(payload, context);
        },
      });
    }
    return registry;
  }

  it('fails at extraction with the reason after two stops, and Retry gives it a fresh count', async () => {
    const owner = await company(t.app, 'Slow Scans Ltd');
    const typeId = await createInvoiceType(t.app, owner.headers);
    const [id] = await uploadBatch({ ...owner, typeId }, 1);
    const stops = { left: 2 };
    const registry = engineStoppingRegistry(stops);

    await t.newWorker({ registry }).runUntilIdle();

    expect(stops.left).toBe(0);
    const failed = await getReview(t.app, owner.headers, id!);
    expect(failed).toMatchObject({ current_step: 'failed', failure_reason: TOO_SLOW });
    expect(failed.history.at(-1)).toMatchObject({
      kind: 'failed',
      data: { step: 'extraction', reason: TOO_SLOW },
    });

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/pipelines/${id}/retry`,
      headers: owner.headers,
    });
    expect(retried.json()).toMatchObject({ current_step: 'extraction', failure_reason: null });
    // One more stop is retried like any failure: the earlier two no longer count.
    stops.left = 1;
    await t.newWorker({ registry }).runUntilIdle();

    expect(stops.left).toBe(-1);
    expect((await getReview(t.app, owner.headers, id!)).current_step).toBe('human_review');
  });
});
