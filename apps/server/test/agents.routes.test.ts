import {
  type AgentRunResult,
  type ExportDocument,
  PRESETS,
  ReconReportSchema,
  type ReviewRecord,
} from '@parser/contracts';
import { invoicePdf } from '@parser/test-documents';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { signUpWithTenant } from './build-test-app.js';
import {
  createInvoiceType,
  extractedValues,
  getReview,
  type Headers,
  processDocuments,
  submitReview,
  uniqueEmail,
  uploadKnowledge,
} from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile({ AUTH_RATE_LIMIT_PER_IP: '1000' });

const newCompany = async (name = 'Acme Ltd') =>
  (await signUpWithTenant(t.app, uniqueEmail('agents'), name)).headers;

const VENDOR_MASTER =
  'Name,VAT Number,Payment Days\nAcme Supplies Limited,GB123456789,30\nGlobex Corp,DE811111111,60\n';

/** The invoice preset plus a vendor field the invoice does not print: the vendor master knows it. */
async function invoiceTypeWithVendorMaster(
  headers: Headers,
  agents: { data_entry: boolean; recon: boolean },
) {
  const masterId = await uploadKnowledge(t.app, headers, 'Vendor master', {
    fileName: 'vendors.csv',
    bytes: Buffer.from(VENDOR_MASTER),
    contentType: 'text/csv',
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/doc-types',
    headers,
    payload: {
      name: 'Invoices with vendor master',
      presetKey: 'invoice',
      fields: [
        ...PRESETS.invoice.fields,
        { key: 'payment_days', label: 'Payment Days', type: 'number', required: false },
      ],
      tables: PRESETS.invoice.tables,
      agentsEnabled: { extract: true, ...agents },
      referenceDocuments: [{ id: masterId, enabledFor: ['data_entry', 'recon'] }],
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

function run(headers: Headers, agent: 'data-entry' | 'reconciliation', pipelineIds: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/agents/${agent}/run`,
    headers,
    payload: { pipeline_ids: pipelineIds },
  });
}

const failures = (record: ReviewRecord) =>
  record.agent_report?.reconciliation?.checks.filter((check) => check.status === 'fail') ?? [];

describe('the agent steps of a pipeline', () => {
  it('flags a misprinted line amount with the sum check and points at that line', async () => {
    const headers = await newCompany();
    const typeId = await createInvoiceType(t.app, headers, {}, { data_entry: true, recon: true });
    // Line 2 reads 126.50 where 2 × 60.25 = 120.50; the subtotal printed is the true 205.49.
    const document = await invoicePdf({ misprint: { lineAmounts: { 1: 126.5 } } });
    const { pipelineIds } = await processDocuments(t, headers, typeId, [document]);
    const record = await getReview(t.app, headers, pipelineIds[0]!);

    expect(record.current_step).toBe('human_review');
    const sum = failures(record).find((check) => check.suspect);
    expect(sum?.suspect).toEqual({
      table: 'line_items',
      row: 1,
      column: 'amount',
      expected: 120.5,
    });
    expect(sum?.message).toContain('reads 126.50');
    const amount = record.extracted_data?.tables.line_items?.rows[1]?.amount;
    expect(amount?.value).toBe(126.5);
    expect(amount?.confidence).toBeLessThan(0.8);
    const agents = record.history.filter((entry) => entry.kind === 'agent_ran');
    expect(agents.map((entry) => entry.data.agent)).toEqual(['data_entry', 'reconciliation']);
  });

  it('passes a consistent invoice and keeps the step order', async () => {
    const headers = await newCompany();
    const typeId = await createInvoiceType(t.app, headers, {}, { data_entry: false, recon: true });
    const { pipelineIds } = await processDocuments(t, headers, typeId, [await invoicePdf()]);
    const record = await getReview(t.app, headers, pipelineIds[0]!);
    expect(failures(record)).toEqual([]);
    expect(record.agent_report?.reconciliation?.summary.pass).toBeGreaterThan(3);
    expect(record.extracted_data?.fields.total?.confidence).toBeGreaterThanOrEqual(0.95);
  });

  it('completes a vendor field from a knowledge CSV and records where it came from', async () => {
    const headers = await newCompany();
    const typeId = await invoiceTypeWithVendorMaster(headers, { data_entry: true, recon: false });
    const { pipelineIds } = await processDocuments(t, headers, typeId, [await invoicePdf()]);
    const record = await getReview(t.app, headers, pipelineIds[0]!);

    expect(record.extracted_data?.fields.payment_days?.value).toBe(30);
    const change = record.agent_report?.data_entry?.changes.find((c) => c.field === 'payment_days');
    expect(change).toMatchObject({ old: null, new: 30, source: 'Vendor master' });
    const history = record.history.find((entry) => entry.kind === 'agent_ran');
    expect(history?.data.changes).toContainEqual(
      expect.objectContaining({ field: 'payment_days', source: 'Vendor master' }),
    );
  });
});

describe('POST /api/agents/data-entry/run', () => {
  it('leaves a value a person edited alone and improves the rest, without changing the step', async () => {
    const headers = await newCompany();
    const typeId = await invoiceTypeWithVendorMaster(headers, { data_entry: false, recon: false });
    const { pipelineIds } = await processDocuments(t, headers, typeId, [await invoicePdf()]);
    const id = pipelineIds[0]!;
    const before = await getReview(t.app, headers, id);
    const reviewed = extractedValues(before);
    // The reviewer clears the total on purpose: arithmetic would otherwise fill it back in.
    reviewed.fields.total = null;
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/pipelines/${id}/review`,
      headers,
      payload: { reviewed_data: reviewed, version: before.version, action: 'save' },
    });
    expect(saved.statusCode).toBe(200);

    const response = await run(headers, 'data-entry', [id]);
    expect(response.statusCode).toBe(200);
    expect(response.json<AgentRunResult>()).toMatchObject({
      success: true,
      processed: 1,
      successful: 1,
      failed: 0,
      status: 'completed',
      results: [{ pipeline_id: id, success: true }],
    });
    const after = await getReview(t.app, headers, id);
    expect(after.current_step).toBe('human_review');
    expect(after.reviewed_data?.fields.total).toBeNull();
    expect(after.reviewed_data?.fields.payment_days).toBe(30);
    expect(after.agent_report?.data_entry?.changes.some((c) => c.field === 'total')).toBe(false);
  });

  it("answers 404 for another company's pipeline and 400 for a malformed body", async () => {
    const owner = await newCompany('Owner Ltd');
    const typeId = await createInvoiceType(t.app, owner);
    const { pipelineIds } = await processDocuments(t, owner, typeId, [await invoicePdf()]);
    const stranger = await newCompany('Stranger Ltd');
    expect((await run(stranger, 'data-entry', [pipelineIds[0]])).statusCode).toBe(404);
    expect((await run(stranger, 'data-entry', 'some')).statusCode).toBe(400);
    expect((await run(stranger, 'data-entry', [])).statusCode).toBe(400);
    expect((await run(stranger, 'reconciliation', ['not-an-id'])).statusCode).toBe(404);
  });

  it("runs 'all' pending of types that enable it; one broken pipeline is one failure", async () => {
    const headers = await newCompany();
    const typeId = await createInvoiceType(t.app, headers, {}, { data_entry: true, recon: false });
    const off = await createInvoiceType(t.app, headers);
    const documents = [
      await invoicePdf(),
      await invoicePdf({ invoiceNumber: 'INV-2' }),
      await invoicePdf({ invoiceNumber: 'INV-3' }),
    ];
    const { pipelineIds } = await processDocuments(t, headers, typeId, documents);
    await processDocuments(t, headers, off, [await invoicePdf()]);
    const broken = pipelineIds[1]!;
    await sql`UPDATE pipelines SET extracted_data = '"damaged"'::jsonb WHERE id = ${broken}`.execute(
      t.db,
    );

    const stats = await t.app.inject({ method: 'GET', url: '/api/pipelines/agent-stats', headers });
    expect(stats.json()).toEqual({
      total_pending: 4,
      data_entry_enabled: 3,
      reconciliation_enabled: 0,
    });

    const response = await run(headers, 'data-entry', 'all');
    const result = response.json<AgentRunResult>();
    expect(result).toMatchObject({ success: false, processed: 3, successful: 2, failed: 1 });
    expect(result.results.find((r) => r.pipeline_id === broken)).toEqual({
      pipeline_id: broken,
      success: false,
      message: 'The extracted data of this document cannot be read; extract it again',
    });
    const none = await run(headers, 'reconciliation', 'all');
    expect(none.json<AgentRunResult>()).toMatchObject({ processed: 0, results: [] });
  });

  it('works through a large run in the background with progress to poll', async () => {
    const headers = await newCompany();
    const typeId = await createInvoiceType(t.app, headers, {}, { data_entry: true, recon: false });
    const documents = await Promise.all(
      Array.from({ length: 11 }, (_, i) => invoicePdf({ invoiceNumber: `INV-${i}` })),
    );
    await processDocuments(t, headers, typeId, documents);

    const started = (await run(headers, 'data-entry', 'all')).json<AgentRunResult>();
    expect(started).toMatchObject({ status: 'running', total: 11, processed: 0 });
    expect(started.run_id).toEqual(expect.any(String));
    await t.drainJobs();
    const progress = await t.app.inject({
      method: 'GET',
      url: `/api/agents/runs/${started.run_id}`,
      headers,
    });
    expect(progress.json<AgentRunResult>()).toMatchObject({
      status: 'completed',
      processed: 11,
      successful: 11,
      failed: 0,
    });
    const stranger = await newCompany('Stranger Ltd');
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/agents/runs/${started.run_id}`,
      headers: stranger,
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('exports', () => {
  it("include the reconciliation report when the type's include_recon is set", async () => {
    const headers = await newCompany();
    const typeId = await createInvoiceType(
      t.app,
      headers,
      { config: { include_metadata: false, include_recon: true } },
      { data_entry: false, recon: true },
    );
    const document = await invoicePdf({ misprint: { total: 248.59 } });
    const { pipelineIds } = await processDocuments(t, headers, typeId, [document]);
    const id = pipelineIds[0]!;
    await submitReview(t.app, headers, id, extractedValues(await getReview(t.app, headers, id)));
    // The misread total fails its sum: the approver confirms approving it, as the web app asks.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/pipelines/${id}/approval`,
      headers,
      payload: { action: 'approve', notes: 'total checked', confirm_failed_checks: true },
    });
    expect(confirmed.statusCode).toBe(200);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/pipelines/${id}/export?format=json`,
      headers,
    });
    const exported = response.json<ExportDocument>();
    const report = ReconReportSchema.parse(exported.reconciliation);
    expect(report.checks[0]).toMatchObject({
      kind: 'arithmetic',
      status: 'fail',
      suspect: { field: 'total', expected: 246.59 },
    });
  });
});

describe('POST /api/agents/reconciliation/run', () => {
  it('reports duplicates within a company, with a link, and never across companies', async () => {
    const first = await newCompany('First Ltd');
    const firstType = await createInvoiceType(t.app, first, {}, { data_entry: false, recon: true });
    const invoice = await invoicePdf();
    const { pipelineIds } = await processDocuments(t, first, firstType, [
      { ...invoice, fileName: 'march.pdf' },
      { ...invoice, fileName: 'march-again.pdf' },
    ]);
    const second = await newCompany('Second Ltd');
    const secondType = await createInvoiceType(
      t.app,
      second,
      {},
      { data_entry: false, recon: true },
    );
    const other = await processDocuments(t, second, secondType, [invoice]);

    const result = (await run(first, 'reconciliation', 'all')).json<AgentRunResult>();
    expect(result).toMatchObject({ processed: 2, successful: 2 });
    const again = await getReview(t.app, first, pipelineIds[1]!);
    const duplicate = failures(again).find((check) => check.kind === 'duplicate');
    expect(duplicate).toMatchObject({
      message: 'Possible duplicate of march.pdf',
      duplicate_of: { pipeline_id: pipelineIds[0], original_filename: 'march.pdf' },
    });

    await run(second, 'reconciliation', 'all');
    const elsewhere = await getReview(t.app, second, other.pipelineIds[0]!);
    expect(failures(elsewhere).filter((check) => check.kind === 'duplicate')).toEqual([]);
    expect(
      elsewhere.agent_report?.reconciliation?.checks.find((check) => check.kind === 'duplicate')
        ?.status,
    ).toBe('pass');
  });
});
