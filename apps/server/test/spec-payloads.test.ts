import { invoicePdf } from '@parser/test-documents';
import { describe, expect, it } from 'vitest';

import { bearer, multipart, uploadDocument } from './build-test-app.js';
import {
  company,
  getReview,
  type Headers,
  inviteMember,
  signUp,
  uniqueEmail,
} from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

/**
 * The calls of the product spec's section 7, each sent with the payload exactly as the spec shows
 * it (names, shapes, nothing added), so a client written from the spec works.
 */
const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

const post = (headers: Headers, url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** The wizard's create payload: fields and tables with ids and extracted flags (spec section 3). */
const INVOICE_TYPE = {
  name: 'Supplier invoices',
  description: 'Invoices from suppliers',
  fields: [
    {
      id: 'f1',
      key: 'invoice_number',
      label: 'Invoice Number',
      type: 'string',
      required: true,
      extracted: true,
    },
    {
      id: 'f2',
      key: 'invoice_date',
      label: 'Invoice Date',
      type: 'date',
      required: true,
      extracted: true,
    },
    {
      id: 'f3',
      key: 'vendor_name',
      label: 'Vendor Name',
      type: 'string',
      required: false,
      extracted: true,
    },
    { id: 'f4', key: 'total', label: 'Total', type: 'currency', required: true, extracted: true },
  ],
  tables: [
    {
      id: 't1',
      key: 'line_items',
      label: 'Line Items',
      extracted: true,
      columns: [
        { id: 'c1', key: 'description', label: 'Description', type: 'string' },
        { id: 'c2', key: 'qty', label: 'Qty', type: 'number' },
        { id: 'c3', key: 'amount', label: 'Amount', type: 'currency' },
      ],
    },
  ],
  agentsEnabled: { extract: true, data_entry: false, recon: false },
};

/**
 * An invoice uploaded for a new type created with INVOICE_TYPE, and its pipeline, all with the
 * spec's payloads; answers the pipeline id (extraction queued).
 */
async function invoicePipeline(
  headers: Headers,
  invoice: Parameters<typeof invoicePdf>[0] = {},
): Promise<string> {
  const typeId = (await post(headers, '/api/doc-types', INVOICE_TYPE)).json<{ id: string }>().id;
  const doc = await invoicePdf(invoice);
  const fileId = await uploadDocument(t.app, headers, {
    bytes: doc.bytes,
    fileName: 'invoice.pdf',
  });
  const created = await post(headers, '/api/uploads', { docTypeId: typeId, files: [fileId] });
  expect(created.statusCode).toBe(201);
  return created.json<{ pipeline_ids: string[] }>().pipeline_ids[0]!;
}
describe('the spec call table, payloads as written', () => {
  it('POST /auth/register {uid, email, tenant_name} and POST /api/users/setup-tenant with none', async () => {
    const email = uniqueEmail('spec');
    const account = await signUp(t.app, email);
    const registered = await post(account.headers, '/auth/register', {
      uid: account.uid,
      email,
      tenant_name: 'Spec Ltd',
    });
    expect(registered.statusCode).toBe(200);
    const repaired = await post(account.headers, '/api/users/setup-tenant');
    expect(repaired.statusCode).toBe(200);
    expect(repaired.json()).toEqual({
      message: expect.any(String) as unknown,
      fixed_documents: 0,
    });
  });

  it('creates, edits and tests a type, uploads, reads and extracts a file, and adds a knowledge document', async () => {
    const admin = await company(t.app);
    const created = await post(admin.headers, '/api/doc-types', INVOICE_TYPE);
    expect(created.statusCode).toBe(201);
    const typeId = created.json<{ id: string }>().id;

    // Edit mode sends name, fields, tables, ragDocs, extractionInstructions, referenceDocuments,
    // agentsEnabled and exportSettings (spec section 5).
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/doc-types/${typeId}`,
      headers: admin.headers,
      payload: {
        name: 'Supplier invoices (EU)',
        fields: INVOICE_TYPE.fields,
        tables: INVOICE_TYPE.tables,
        ragDocs: [],
        extractionInstructions: 'Dates are day first.',
        referenceDocuments: [],
        agentsEnabled: INVOICE_TYPE.agentsEnabled,
        exportSettings: {
          auto_export_on_approval: false,
          export_formats: [{ type: 'json', enabled: true }],
          config: { include_metadata: true, webhook_url: '', timeout: 30, headers: '{}' },
        },
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Supplier invoices (EU)' });

    const doc = await invoicePdf({ invoiceNumber: 'INV-SPEC-1' });
    const body = multipart([{ name: 'file', fileName: 'invoice.pdf', bytes: doc.bytes }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/files:upload',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json()).toMatchObject({ fileId: expect.any(String) as unknown, pages: 1 });
    const fileId = uploaded.json<{ fileId: string }>().fileId;

    const tested = await post(admin.headers, `/api/doc-types/${typeId}/test`, { fileId });
    expect(tested.statusCode).toBe(200);
    const textLayer = await post(admin.headers, '/api/vision/textlayer', { fileId });
    expect(textLayer.statusCode).toBe(200);
    expect(textLayer.json<{ pages: { text: string }[] }>().pages[0]!.text).toContain('INV-SPEC-1');
    const extracted = await post(admin.headers, `/api/files/${fileId}/extract`);
    expect(extracted.statusCode).toBe(200);
    expect(extracted.json()).toHaveProperty('extraction_result.fields');

    const validated = await post(admin.headers, '/api/uploads:validate', {
      fileId,
      docTypeId: typeId,
    });
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toHaveProperty('matchedDocTypeId');
    expect(validated.json()).toHaveProperty('reason');

    const rag = multipart([
      { name: 'file', fileName: 'vendors.csv', bytes: Buffer.from('vendor,iban\nAcme,DE00\n') },
      { name: 'name', value: 'Vendors' },
      { name: 'description', value: 'Known vendors' },
    ]);
    const knowledge = await t.app.inject({
      method: 'POST',
      url: '/api/rag',
      headers: { ...admin.headers, ...rag.headers },
      payload: rag.payload,
    });
    expect(knowledge.statusCode).toBe(201);
    expect(knowledge.json()).toEqual({ id: expect.any(String) as unknown, name: 'Vendors' });
  });

  it('reviews with the flat reviewed_data and review_notes, approves, exports, sends a webhook and bulk-deletes', async () => {
    const admin = await company(t.app);
    const colleague = await inviteMember(t.app, admin);
    const pipelineId = await invoicePipeline(admin.headers, { invoiceNumber: 'INV-SPEC-2' });
    await t.drainJobs();

    // Spec section 3: reviewed_data is "the extracted fields merged with the tables".
    const saved = await post(admin.headers, `/api/pipelines/${pipelineId}/review`, {
      reviewed_data: {
        invoice_number: 'INV-SPEC-2',
        invoice_date: '2025-03-01',
        vendor_name: 'Acme Supplies',
        total: 1234.5,
        line_items: [
          { description: 'Widgets', qty: 10, amount: 1000 },
          { description: 'Shipping', qty: 1, amount: 234.5 },
        ],
      },
      review_notes: 'Checked against the PO',
    });
    expect(saved.statusCode).toBe(200);
    const record = await getReview(t.app, admin.headers, pipelineId);
    expect(record.current_step).toBe('approval');
    expect(record.review_notes).toBe('Checked against the PO');
    expect(record.reviewed_data?.fields).toMatchObject({
      invoice_number: 'INV-SPEC-2',
      vendor_name: 'Acme Supplies',
      total: 1234.5,
    });
    expect(record.reviewed_data?.tables.line_items).toEqual([
      { description: 'Widgets', qty: 10, amount: 1000 },
      { description: 'Shipping', qty: 1, amount: 234.5 },
    ]);

    const colleagueId = (
      await t.app.inject({ method: 'GET', url: '/api/users/tenant', headers: admin.headers })
    )
      .json<{ id: string; email: string }[]>()
      .find((user) => user.email === colleague.email)!.id;
    const sent = await post(admin.headers, `/api/pipelines/${pipelineId}/approval`, {
      action: 'send_for_approval',
      notes: 'Over my limit',
      assign_to_user_id: colleagueId,
    });
    expect(sent.statusCode).toBe(200);
    const approved = await post(colleague.headers, `/api/pipelines/${pipelineId}/approval`, {
      action: 'approve',
      notes: 'ok',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ current_step: 'completed' });

    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/pipelines/${pipelineId}/export`,
      headers: admin.headers,
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toContain('application/zip');
    const json = await t.app.inject({
      method: 'GET',
      url: `/api/pipelines/${pipelineId}/export?format=json`,
      headers: admin.headers,
    });
    expect(json.json()).toMatchObject({ data: { fields: { invoice_number: 'INV-SPEC-2' } } });

    // The receiver's address is refused by policy here, but the payload is accepted as written.
    const webhook = await post(admin.headers, `/api/pipelines/${pipelineId}/export:webhook`, {
      url: 'http://127.0.0.1:9/hook',
      headers: { 'X-Api-Key': 'abc' },
    });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json<{ detail: string }>().detail).toMatch(/loopback/);

    const deleted = await post(admin.headers, '/api/pipelines/bulk-delete', {
      pipeline_ids: [pipelineId],
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: expect.any(String) as unknown, deleted_count: 1 });
  });

  it('still takes the structured {fields, tables} with a version, and refuses a stale version', async () => {
    const admin = await company(t.app);
    const pipelineId = await invoicePipeline(admin.headers);
    await t.drainJobs();
    const { version } = await getReview(t.app, admin.headers, pipelineId);
    const structured = {
      fields: { invoice_number: 'INV-9', invoice_date: '2025-01-02', total: 10 },
      tables: { line_items: [] },
    };
    const saved = await post(admin.headers, `/api/pipelines/${pipelineId}/review`, {
      reviewed_data: structured,
      version,
      action: 'save',
    });
    expect(saved.statusCode).toBe(200);
    const stale = await post(admin.headers, `/api/pipelines/${pipelineId}/review`, {
      reviewed_data: structured,
      version,
      action: 'save',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT' });
    // A value of a type no field has (an object) is still refused, in either shape.
    const odd = await post(admin.headers, `/api/pipelines/${pipelineId}/review`, {
      reviewed_data: { invoice_number: { nested: true } },
    });
    expect(odd.statusCode).toBe(400);
  });

  it('answers another company 404 for the spec review payload', async () => {
    const admin = await company(t.app);
    const other = await company(t.app, 'Other Ltd');
    const pipelineId = await invoicePipeline(admin.headers);
    const response = await post(bearer(other.access_token), `/api/pipelines/${pipelineId}/review`, {
      reviewed_data: { invoice_number: 'X' },
      review_notes: '',
    });
    expect(response.statusCode).toBe(404);
  });
});
