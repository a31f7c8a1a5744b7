import { readFileSync } from 'node:fs';

import { largeUblInvoice } from '@parser/test-documents';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import type { TestApp } from './build-test-app.js';
import { company, createInvoiceType, getReview, processDocuments } from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

// The engine runs in threads with a time and memory limit: a document that spins or needs too
// much memory fails its own step with a reason, while the server goes on answering everyone.

const fixture = (name: string) => ({
  bytes: readFileSync(
    new URL(`../../../packages/extraction/test/fixtures/${name}`, import.meta.url),
  ),
  fileName: name,
});

/** Runs every job, due or waiting out a retry delay, until nothing is left. */
async function drainWithRetries(t: TestApp): Promise<void> {
  for (let round = 0; round < 6; round++) {
    await t.drainJobs();
    const waiting = await t.db
      .updateTable('jobs')
      .set({ runAt: sql`now()` })
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(waiting.numUpdatedRows) === 0) return;
  }
}

describe('e-invoice PDFs whose tables once made the engine spin', () => {
  const t = testAppPerFile();

  it('reach review with their line items while /health keeps answering', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const { pipelineIds } = await processDocuments(
      t,
      admin.headers,
      typeId,
      [
        fixture('horstoeko-pdf_zf_en16931_2.pdf'),
        fixture('zfc-2p1-zugferd_2p1_BASIC_Taxifahrt.pdf'),
        fixture('zfc-2p1-zugferd_2p1_EXTENDED_Fremdwaehrung.pdf'),
      ],
      { drain: false },
    );
    let processing = true;
    let answeredWhileProcessing = 0;
    const drained = t.drainJobs().finally(() => {
      processing = false;
    });
    while (processing) {
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      if (processing) answeredWhileProcessing++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await drained;
    expect(answeredWhileProcessing).toBeGreaterThan(3);
    for (const id of pipelineIds) {
      const record = await getReview(t.app, admin.headers, id);
      expect(record.current_step).toBe('human_review');
      expect(record.extracted_data?.tables.line_items?.rows.length).toBeGreaterThan(0);
    }
  }, 120_000);
});

describe('a document that needs more memory than the engine may use', () => {
  const t = testAppPerFile({ ENGINE_MAX_MEMORY_MB: '128', JOB_MAX_ENGINE_STOPS: '2' });

  it('fails its own step with the reason after two tries, while another document goes through', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const large = largeUblInvoice(8000);
    const small = largeUblInvoice(3);
    const { pipelineIds } = await processDocuments(
      t,
      admin.headers,
      typeId,
      [
        { bytes: large.bytes, fileName: 'eight-thousand-lines.xml' },
        { bytes: small.bytes, fileName: 'three-lines.xml' },
      ],
      { drain: false },
    );
    await drainWithRetries(t);
    const [heavy, light] = await Promise.all(
      pipelineIds.map((id) => getReview(t.app, admin.headers, id)),
    );
    expect(heavy).toMatchObject({
      current_step: 'failed',
      failure_reason:
        'This document needed more than 128 MB of memory to extract; retry or contact support.',
    });
    expect(light!.current_step).toBe('human_review');
    expect(light!.extracted_data?.tables.line_items?.rows).toHaveLength(3);

    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);

    // Retry clears the failure and puts the document back in line.
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/pipelines/${heavy!.pipeline_id}/retry`,
      headers: admin.headers,
    });
    expect(retried.json()).toMatchObject({ current_step: 'extraction', failure_reason: null });
  }, 300_000);
});
