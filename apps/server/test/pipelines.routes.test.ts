import { PRESETS, type ReviewRecord } from '@parser/contracts';
import { corruptPdf, invoicePdf } from '@parser/test-documents';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { uploadDocument } from './build-test-app.js';
import {
  company,
  createInvoiceType,
  decide,
  getReview,
  type Headers,
  inviteMember,
  processDocuments,
} from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

const saveReview = (headers: Headers, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/pipelines/${id}/review`, headers, payload });

const list = async (headers: Headers, path: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/pipelines/${path}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: { pipeline_id: string }[]; next_cursor: string | null }>();
};

/** The review's values as a reviewer would submit them unchanged. */
function valuesOf(record: ReviewRecord) {
  return {
    fields: Object.fromEntries(
      record.schema.fields.map((f) => [f.key, record.extracted_data?.fields[f.key]?.value ?? null]),
    ),
    tables: Object.fromEntries(
      record.schema.tables.map((table) => [
        table.key,
        (record.extracted_data?.tables[table.key]?.rows ?? []).map((row) =>
          Object.fromEntries(table.columns.map((c) => [c.key, row[c.key]?.value ?? null])),
        ),
      ]),
    ),
  };
}

describe('POST /api/uploads and the background steps', () => {
  it('creates one pipeline per file at extraction, then extraction takes each to human review', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const first = await invoicePdf({ invoiceNumber: 'INV-1001' });
    const second = await invoicePdf({ invoiceNumber: 'INV-1002' });
    const { pipelineIds } = await processDocuments(
      t,
      admin.headers,
      typeId,
      [
        { bytes: first.bytes, fileName: 'first.pdf' },
        { bytes: second.bytes, fileName: 'second.pdf' },
      ],
      { drain: false },
    );
    expect(pipelineIds).toHaveLength(2);
    const waiting = await getReview(t.app, admin.headers, pipelineIds[0]!);
    expect(waiting.current_step).toBe('extraction');
    expect(waiting.overall_status).toBe('processing');

    await t.drainJobs();
    const records = await Promise.all(pipelineIds.map((id) => getReview(t.app, admin.headers, id)));
    const numbers = records.map((r) => r.extracted_data?.fields.invoice_number?.value).sort();
    expect(numbers).toEqual(['INV-1001', 'INV-1002']);
    const record = records[0]!;
    expect(record).toMatchObject({ current_step: 'human_review', overall_status: 'needs_review' });
    expect(record.extracted_data?.fields.total?.value).toBe(first.invoice.total);
    expect(record.extracted_data?.fields.total?.confidence).toBeGreaterThan(0.5);
    expect(record.extracted_data?.tables.line_items?.rows).toHaveLength(3);
    expect(record.page_sizes).toEqual([expect.objectContaining({ number: 1 })]);
    expect(record.history.map((h) => [h.kind, h.actor])).toEqual([
      ['created', admin.email],
      ['step_changed', 'System'],
    ]);
  });

  it('passes through the enabled agent steps before review', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(
      t.app,
      admin.headers,
      {},
      { data_entry: true, recon: true },
    );
    const doc = await invoicePdf();
    const { pipelineIds } = await processDocuments(t, admin.headers, typeId, [
      { bytes: doc.bytes, fileName: 'invoice.pdf' },
    ]);
    const record = await getReview(t.app, admin.headers, pipelineIds[0]!);
    expect(record.current_step).toBe('human_review');
    expect(record.history.filter((h) => h.kind === 'step_changed').map((h) => h.data)).toEqual([
      { from: 'extraction', to: 'data_entry' },
      { from: 'data_entry', to: 'reconciliation' },
      { from: 'reconciliation', to: 'human_review' },
    ]);
  });

  it('fails only the pipeline of a damaged file, with a readable reason, and retries it on request', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const good = await invoicePdf();
    const { pipelineIds } = await processDocuments(t, admin.headers, typeId, [
      corruptPdf(),
      { bytes: good.bytes, fileName: 'good.pdf' },
    ]);
    const [broken, fine] = await Promise.all(
      pipelineIds.map((id) => getReview(t.app, admin.headers, id)),
    );
    expect(broken).toMatchObject({ current_step: 'failed', overall_status: 'failed' });
    expect(broken!.failure_reason).toMatch(/damaged/i);
    expect(fine!.current_step).toBe('human_review');

    const failedList = await list(admin.headers, 'all');
    expect(failedList.items.find((p) => p.pipeline_id === broken!.pipeline_id)).toMatchObject({
      current_step: 'failed',
      failure_reason: broken!.failure_reason,
    });

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/pipelines/${broken!.pipeline_id}/retry`,
      headers: admin.headers,
    });
    expect(retried.json()).toMatchObject({ current_step: 'extraction', failure_reason: null });
    await t.drainJobs();
    const again = await getReview(t.app, admin.headers, broken!.pipeline_id);
    expect(again.current_step).toBe('failed');
    expect(again.history.map((h) => h.kind)).toContain('retried');

    const notFailed = await t.app.inject({
      method: 'POST',
      url: `/api/pipelines/${fine!.pipeline_id}/retry`,
      headers: admin.headers,
    });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().code).toBe('INVALID_STATE');
  });

  it('resumes extraction after the worker died mid-way, leaving no pipeline stuck', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const doc = await invoicePdf();
    const { pipelineIds } = await processDocuments(
      t,
      admin.headers,
      typeId,
      [{ bytes: doc.bytes, fileName: 'invoice.pdf' }],
      { drain: false },
    );
    // A worker takes the job and its process dies before finishing.
    const claimed = await t.jobs.repository.claim(
      'crashed-worker',
      60_000,
      ['pipeline.extract'],
      null,
    );
    expect(claimed).toBeDefined();
    expect((await getReview(t.app, admin.headers, pipelineIds[0]!)).current_step).toBe(
      'extraction',
    );

    // The restarted server's worker takes back what was running and finishes it.
    const restarted = t.newWorker({ recoverAllOnStart: true });
    await restarted.start();
    await restarted.stop();
    await t.drainJobs();
    expect((await getReview(t.app, admin.headers, pipelineIds[0]!)).current_step).toBe(
      'human_review',
    );
    const stuck = await t.db
      .selectFrom('pipelines')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('currentStep', '=', 'extraction')
      .executeTakeFirstOrThrow();
    expect(Number(stuck.count)).toBe(0);
  });

  it('answers 404 for a type or file of another company and creates nothing', async () => {
    const a = await company(t.app, 'A');
    const b = await company(t.app, 'B');
    const typeOfA = await createInvoiceType(t.app, a.headers);
    const typeOfB = await createInvoiceType(t.app, b.headers);
    const doc = await invoicePdf();
    const fileOfA = await uploadDocument(t.app, a.headers, { ...doc, fileName: 'a.pdf' });
    const fileOfB = await uploadDocument(t.app, b.headers, { ...doc, fileName: 'b.pdf' });

    const foreignType = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: b.headers,
      payload: { docTypeId: typeOfA, files: [fileOfB] },
    });
    expect(foreignType.statusCode).toBe(404);
    const foreignFile = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: b.headers,
      payload: { docTypeId: typeOfB, files: [fileOfB, fileOfA] },
    });
    expect(foreignFile.statusCode).toBe(404);
    expect((await list(b.headers, 'all')).items).toEqual([]);

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: b.headers,
      payload: { docTypeId: typeOfB, files: [] },
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('POST /api/uploads:validate', () => {
  it('matches the chosen type, suggests a better one without refusing the file, and explains a file that cannot be read', async () => {
    const admin = await company(t.app);
    const invoices = await createInvoiceType(t.app, admin.headers);
    const receipts = await t.app.inject({
      method: 'POST',
      url: '/api/doc-types',
      headers: admin.headers,
      payload: {
        name: 'Till receipts',
        presetKey: 'receipt',
        fields: PRESETS.receipt.fields,
        tables: PRESETS.receipt.tables,
      },
    });
    const receiptsId = receipts.json<{ id: string }>().id;
    const doc = await invoicePdf();
    const fileId = await uploadDocument(t.app, admin.headers, { ...doc, fileName: 'inv.pdf' });
    const validate = (docTypeId: string, file = fileId) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads:validate',
        headers: admin.headers,
        payload: { fileId: file, docTypeId },
      });

    const asInvoice = await validate(invoices);
    expect(asInvoice.statusCode).toBe(200);
    expect(asInvoice.json()).toMatchObject({ matchedDocTypeId: invoices });
    expect(asInvoice.json().suggestion).toBeUndefined();
    // An invoice uploaded as a receipt is still processed as one; the invoice type is offered,
    // with the words on the page that point to it.
    const asReceipt = (await validate(receiptsId)).json();
    expect(asReceipt.matchedDocTypeId).toBe(receiptsId);
    expect(asReceipt.suggestion).toMatchObject({ docTypeId: invoices });
    expect(asReceipt.suggestion.reason).toContain('Supplier invoices');
    expect(asReceipt.suggestion.evidence).toEqual(
      expect.arrayContaining(['Bill To', 'Due Date', 'PO Number']),
    );
    for (const words of asReceipt.suggestion.evidence.slice(0, 4)) {
      expect(asReceipt.suggestion.reason).toContain(`'${words}'`);
    }

    const brokenId = await uploadDocument(t.app, admin.headers, corruptPdf());
    const broken = (await validate(invoices, brokenId)).json();
    expect(broken.matchedDocTypeId).toBeNull();
    expect(broken.reason).toMatch(/damaged/i);

    const other = await company(t.app, 'Other');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/uploads:validate',
          headers: other.headers,
          payload: { fileId, docTypeId: invoices },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('review and approval', () => {
  async function documentInReview() {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const doc = await invoicePdf({ invoiceNumber: 'INV-7001' });
    const { pipelineIds } = await processDocuments(t, admin.headers, typeId, [
      { bytes: doc.bytes, fileName: 'invoice.pdf' },
    ]);
    const id = pipelineIds[0]!;
    return { admin, typeId, id, record: await getReview(t.app, admin.headers, id), doc };
  }

  it('saves edits with their history, refuses stale versions and bad values, and submits to approval', async () => {
    const { admin, id, record } = await documentInReview();
    expect(record.reviewed_data).toBeNull();
    const values = valuesOf(record);

    const notYet = await decide(t.app, admin.headers, id, { action: 'approve', notes: '' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().code).toBe('INVALID_STATE');

    const badValue = await saveReview(admin.headers, id, {
      reviewed_data: { ...values, fields: { ...values.fields, total: 'about twelve' } },
      version: record.version,
    });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().detail).toContain('Total must be a number');

    const missing = await saveReview(admin.headers, id, {
      reviewed_data: { ...values, fields: { ...values.fields, invoice_number: '' } },
      version: record.version,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('Invoice Number');

    const saved = await saveReview(admin.headers, id, {
      reviewed_data: { ...values, fields: { ...values.fields, invoice_number: 'INV-7001-A' } },
      review_notes: 'Number had a suffix',
      version: record.version,
      action: 'save',
    });
    expect(saved.statusCode).toBe(200);
    const afterSave = saved.json<ReviewRecord>();
    expect(afterSave.current_step).toBe('human_review');
    expect(afterSave.version).toBe(record.version + 1);
    expect(afterSave.reviewed_data?.fields.invoice_number).toBe('INV-7001-A');
    expect(afterSave.history).toContainEqual(
      expect.objectContaining({
        kind: 'field_edited',
        actor: admin.email,
        data: { field: 'invoice_number', old: 'INV-7001', new: 'INV-7001-A' },
      }),
    );

    // Someone who loaded the document before that save must not overwrite it.
    const stale = await saveReview(admin.headers, id, {
      reviewed_data: values,
      version: record.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT' });
    expect(stale.json().detail).toMatch(/someone else changed/i);

    const submitted = await saveReview(admin.headers, id, {
      reviewed_data: afterSave.reviewed_data,
      version: afterSave.version,
    });
    expect(submitted.json()).toMatchObject({
      current_step: 'approval',
      overall_status: 'needs_approval',
    });
    const twice = await saveReview(admin.headers, id, {
      reviewed_data: afterSave.reviewed_data,
      version: submitted.json<ReviewRecord>().version,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('INVALID_STATE');
    expect((await list(admin.headers, 'pending-approval')).items.map((p) => p.pipeline_id)).toEqual(
      [id],
    );
    expect((await list(admin.headers, 'pending-review')).items).toEqual([]);
  });

  it('sends for approval to a colleague, returns a rejected document to review with its note, then completes it', async () => {
    const { admin, id, record } = await documentInReview();
    const colleague = await inviteMember(t.app, admin);
    const stranger = await company(t.app, 'Elsewhere');
    const strangerId = stranger.uid;
    await saveReview(admin.headers, id, {
      reviewed_data: valuesOf(record),
      version: record.version,
    });

    const foreign = await decide(t.app, admin.headers, id, {
      action: 'send_for_approval',
      notes: '',
      assign_to_user_id: strangerId,
    });
    expect(foreign.statusCode).toBe(404);

    const sent = await decide(t.app, admin.headers, id, {
      action: 'send_for_approval',
      notes: 'Please check the tax',
      assign_to_user_id: colleague.uid,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      current_step: 'approval',
      assigned_to: { id: colleague.uid, email: colleague.email },
    });
    const pending = await list(colleague.headers, 'pending-approval');
    expect(pending.items[0]).toMatchObject({ pipeline_id: id, assigned_to: { id: colleague.uid } });

    const rejected = await decide(t.app, colleague.headers, id, {
      action: 'reject',
      notes: 'Tax line is wrong',
    });
    expect(rejected.json()).toMatchObject({
      current_step: 'human_review',
      decision_notes: 'Tax line is wrong',
      assigned_to: null,
    });
    expect((await list(admin.headers, 'pending-review')).items.map((p) => p.pipeline_id)).toEqual([
      id,
    ]);

    const again = rejected.json<ReviewRecord>();
    await saveReview(admin.headers, id, {
      reviewed_data: again.reviewed_data,
      version: again.version,
    });
    const approved = await decide(t.app, colleague.headers, id, {
      action: 'approve',
      notes: 'OK now',
    });
    expect(approved.json()).toMatchObject({
      current_step: 'completed',
      overall_status: 'completed',
      approved_by: { id: colleague.uid, email: colleague.email },
    });
    expect(approved.json().approved_at).toBeTruthy();
    const kinds = approved.json<ReviewRecord>().history.map((h) => `${h.kind}:${h.actor}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        `assigned:${admin.email}`,
        `rejected:${colleague.email}`,
        `approved:${colleague.email}`,
      ]),
    );
    expect((await list(admin.headers, 'pending-approval')).items).toEqual([]);
    expect((await list(admin.headers, 'pending-review')).items).toEqual([]);
    expect((await list(admin.headers, 'approved')).items.map((p) => p.pipeline_id)).toEqual([id]);
    // The counts follow every step change.
    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/pipelines/stats',
      headers: admin.headers,
    });
    expect(stats.json()).toMatchObject({
      total: 1,
      completed: 1,
      pending_review: 0,
      pending_approval: 0,
    });

    const twice = await decide(t.app, admin.headers, id, { action: 'approve', notes: '' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('INVALID_STATE');
  });

  it('re-extracts a document in review without touching the reviewed values', async () => {
    const { admin, id, record } = await documentInReview();
    const values = valuesOf(record);
    values.fields.po_number = 'PO-CHANGED';
    const saved = await saveReview(admin.headers, id, {
      reviewed_data: values,
      version: record.version,
      action: 'save',
    });
    expect(saved.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/pipelines/${id}/re-extract`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().reviewed_data.fields.po_number).toBe('PO-CHANGED');
    expect(again.json().extracted_data.fields.invoice_number.value).toBe('INV-7001');
    expect(again.json().history.map((h: { kind: string }) => h.kind)).toContain('re_extracted');
  });
});

describe('lists, counts and pagination', () => {
  /** Inserts pipelines straight into the database: fast, and with chosen steps and times. */
  async function seedPipelines(tenantId: string, typeId: string, fileId: string, steps: string[]) {
    const rows = steps.map((step, index) => ({
      tenant_id: tenantId,
      doc_type_id: typeId,
      file_id: fileId,
      original_filename: `doc-${String(index).padStart(3, '0')}.pdf`,
      current_step: step,
      created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, index)).toISOString(),
    }));
    for (const row of rows) {
      await sql`INSERT INTO pipelines (tenant_id, doc_type_id, file_id, original_filename, current_step, created_at)
        VALUES (${row.tenant_id}, ${row.doc_type_id}, ${row.file_id}, ${row.original_filename}, ${row.current_step}, ${row.created_at})`.execute(
        t.db,
      );
    }
  }

  it('pages through a long list newest first with a cursor, without gaps or repeats', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const doc = await invoicePdf();
    const fileId = await uploadDocument(t.app, admin.headers, { ...doc, fileName: 'seed.pdf' });
    await seedPipelines(admin.tenantId, typeId, fileId, Array(120).fill('human_review'));

    const seen: string[] = [];
    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/pipelines/pending-review?limit=50${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await t.app.inject({ method: 'GET', url, headers: admin.headers })).json();
      seen.push(...page.items.map((p: { pipeline_id: string }) => p.pipeline_id));
      names.push(...page.items.map((p: { original_filename: string }) => p.original_filename));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(120);
    expect(names[0]).toBe('doc-119.pdf');
    expect(names.at(-1)).toBe('doc-000.pdf');

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/pipelines/all?cursor=garbage',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    const tooMany = await t.app.inject({
      method: 'GET',
      url: '/api/pipelines/all?limit=100000',
      headers: admin.headers,
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('counts by step, per type for the dashboard, and per enabled agent', async () => {
    const admin = await company(t.app);
    const plain = await createInvoiceType(t.app, admin.headers);
    const withAgents = await createInvoiceType(
      t.app,
      admin.headers,
      {},
      { data_entry: true, recon: false },
    );
    const doc = await invoicePdf();
    const fileId = await uploadDocument(t.app, admin.headers, { ...doc, fileName: 'seed.pdf' });
    await seedPipelines(admin.tenantId, plain, fileId, [
      'human_review',
      'human_review',
      'approval',
      'completed',
      'failed',
      'extraction',
    ]);
    await seedPipelines(admin.tenantId, withAgents, fileId, ['approval', 'completed']);

    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/pipelines/stats',
      headers: admin.headers,
    });
    expect(stats.json()).toEqual({
      total: 8,
      completed: 2,
      pending_review: 2,
      pending_approval: 2,
      processing: 1,
      failed: 1,
    });

    const summary = (
      await t.app.inject({
        method: 'GET',
        url: '/api/pipelines/pending-summary',
        headers: admin.headers,
      })
    ).json();
    expect(summary).toHaveLength(2);
    const plainCard = summary.find((card: { doc_type_id: string }) => card.doc_type_id === plain);
    expect(plainCard).toMatchObject({ review_count: 2, approval_count: 1 });
    expect(plainCard.recent.map((r: { original_filename: string }) => r.original_filename)).toEqual(
      ['doc-002.pdf', 'doc-001.pdf'],
    );

    const agentStats = await t.app.inject({
      method: 'GET',
      url: '/api/pipelines/agent-stats',
      headers: admin.headers,
    });
    expect(agentStats.json()).toEqual({
      total_pending: 4,
      data_entry_enabled: 1,
      reconciliation_enabled: 0,
    });

    const filtered = await list(admin.headers, `all?doc_type_id=${withAgents}`);
    expect(filtered.items).toHaveLength(2);
    const other = await company(t.app, 'Nobody');
    expect((await list(other.headers, 'all')).items).toEqual([]);
  });

  it('lists uploaded documents with a case-insensitive name search', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const doc = await invoicePdf();
    await processDocuments(
      t,
      admin.headers,
      typeId,
      [
        { bytes: doc.bytes, fileName: 'March-Invoice.pdf' },
        { bytes: doc.bytes, fileName: 'april 100%_done.pdf' },
      ],
      { drain: false },
    );
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/documents/',
      headers: admin.headers,
    });
    expect(
      all
        .json()
        .items.map((d: { fileName: string }) => d.fileName)
        .sort(),
    ).toEqual(['March-Invoice.pdf', 'april 100%_done.pdf']);
    expect(all.json().items[0]).toMatchObject({
      mimeType: 'application/pdf',
      current_step: 'extraction',
    });
    const search = async (q: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/documents/?q=${encodeURIComponent(q)}`,
          headers: admin.headers,
        })
      )
        .json()
        .items.map((d: { fileName: string }) => d.fileName);
    expect(await search('march')).toEqual(['March-Invoice.pdf']);
    expect(await search('100%_')).toEqual(['april 100%_done.pdf']);
    expect(await search('0%x')).toEqual([]);
  });
});

describe('deleting pipelines', () => {
  it('deletes a pipeline with its file and history; bulk delete is all or nothing', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const doc = await invoicePdf();
    const { pipelineIds, fileIds } = await processDocuments(
      t,
      admin.headers,
      typeId,
      [1, 2, 3].map((n) => ({ bytes: doc.bytes, fileName: `${n}.pdf` })),
    );
    const [one, two, three] = pipelineIds as [string, string, string];

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/pipelines/${one}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/pipelines/${one}/review`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/files/${fileIds[0]}/view`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
    const events = await t.db
      .selectFrom('pipelineEvents')
      .select('id')
      .where('pipelineId', '=', one)
      .execute();
    expect(events).toEqual([]);

    const mixed = await t.app.inject({
      method: 'POST',
      url: '/api/pipelines/bulk-delete',
      headers: admin.headers,
      payload: { pipeline_ids: [two, '6f1b8a9c-0000-4000-8000-000000000000'] },
    });
    expect(mixed.statusCode).toBe(404);
    expect((await getReview(t.app, admin.headers, two)).pipeline_id).toBe(two);

    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/pipelines/bulk-delete',
      headers: admin.headers,
      payload: { pipeline_ids: [two, three] },
    });
    expect(bulk.json()).toEqual({ message: 'Successfully deleted 2 documents', deleted_count: 2 });
    expect((await list(admin.headers, 'all')).items).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it('answers 404 to another company on every pipeline endpoint and never lists its documents', async () => {
    const a = await company(t.app, 'A');
    const b = await company(t.app, 'B');
    const typeId = await createInvoiceType(t.app, a.headers);
    const doc = await invoicePdf();
    const { pipelineIds } = await processDocuments(t, a.headers, typeId, [
      { bytes: doc.bytes, fileName: 'a.pdf' },
    ]);
    const id = pipelineIds[0]!;
    const record = await getReview(t.app, a.headers, id);
    const attempts = [
      { method: 'GET' as const, url: `/api/pipelines/${id}/review` },
      {
        method: 'POST' as const,
        url: `/api/pipelines/${id}/review`,
        payload: { reviewed_data: valuesOf(record), version: record.version },
      },
      {
        method: 'POST' as const,
        url: `/api/pipelines/${id}/approval`,
        payload: { action: 'approve' },
      },
      { method: 'POST' as const, url: `/api/pipelines/${id}/re-extract` },
      { method: 'POST' as const, url: `/api/pipelines/${id}/retry` },
      { method: 'DELETE' as const, url: `/api/pipelines/${id}` },
      {
        method: 'POST' as const,
        url: '/api/pipelines/bulk-delete',
        payload: { pipeline_ids: [id] },
      },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: b.headers });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
    }
    for (const path of ['pending-review', 'pending-approval', 'all', 'approved']) {
      expect((await list(b.headers, path)).items).toEqual([]);
    }
    const documents = await t.app.inject({
      method: 'GET',
      url: '/api/documents/',
      headers: b.headers,
    });
    expect(documents.json().items).toEqual([]);
    expect((await getReview(t.app, a.headers, id)).version).toBe(record.version);
  });
});
