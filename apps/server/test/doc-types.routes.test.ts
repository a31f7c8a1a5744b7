import { PRESETS } from '@parser/contracts';
import { corruptPdf, invoicePdf, textPdf } from '@parser/test-documents';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { jsonb } from '../src/db/json.js';
import { signUpWithTenant, uploadDocument } from './build-test-app.js';
import { type Headers, uniqueEmail, uploadKnowledge } from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile({ AUTH_RATE_LIMIT_PER_IP: '1000' });

type Json = Record<string, unknown>;

const invoiceType = (overrides: Json = {}) => ({
  name: 'Supplier invoices',
  description: 'Invoices from our suppliers',
  presetKey: 'invoice',
  fields: PRESETS.invoice.fields,
  tables: PRESETS.invoice.tables,
  ...overrides,
});

function createType(headers: Headers, body: Json) {
  return t.app.inject({ method: 'POST', url: '/api/doc-types', headers, payload: body });
}

async function createdType(headers: Headers, body: Json = invoiceType()) {
  const response = await createType(headers, body);
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; name: string } & Json>();
}

const uploadTerms = (headers: Headers, name: string) =>
  uploadKnowledge(t.app, headers, name, {
    fileName: 'terms.txt',
    bytes: Buffer.from('Payment is due in 30 days.'),
  });

const listTypes = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/doc-types', headers })).json<Json[]>();

describe('POST /api/doc-types', () => {
  it('creates a type with the spec defaults for everything not sent', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('defaults'));

    const response = await createType(user.headers, { name: '  Contracts  ' });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: 'Contracts',
      description: '',
      presetKey: null,
      fields: [],
      tables: [],
      agentsEnabled: { extract: true, data_entry: true, recon: true },
      data_entry_enabled: true,
      recon_enabled: true,
      extractionInstructions: '',
      dataEntryInstructions: '',
      referenceDocuments: [],
      exportSettings: {
        auto_export_on_approval: false,
        export_formats: [
          { type: 'csv', enabled: false },
          { type: 'xlsx', enabled: false },
          { type: 'json', enabled: false },
          { type: 'webhook', enabled: false },
        ],
        config: {
          include_metadata: true,
          include_raw: false,
          include_recon: false,
          webhook_url: '',
          auth_token: '',
          api_key_header: '',
          api_key_value: '',
          timeout: 30,
          headers: {},
        },
      },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('keeps fields and tables of a preset, giving each an id, and reads back the same', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('preset'));

    const created = await createdType(
      user.headers,
      invoiceType({
        agentsEnabled: { data_entry: false },
        exportSettings: {
          export_formats: [{ type: 'json', enabled: true }],
          config: {
            webhook_url: 'https://hooks.example.com/in',
            timeout: 120,
            headers: '{"X-Key":"1"}',
          },
        },
      }),
    );

    expect(created).toMatchObject({
      presetKey: 'invoice',
      description: 'Invoices from our suppliers',
      agentsEnabled: { extract: true, data_entry: false, recon: true },
      data_entry_enabled: false,
      recon_enabled: true,
    });
    const fields = created.fields as { id: string; key: string; required: boolean }[];
    expect(fields.map((field) => field.key)).toEqual(PRESETS.invoice.fields.map((f) => f.key));
    expect(fields.every((field) => typeof field.id === 'string' && field.id.length > 0)).toBe(true);
    expect(fields.find((field) => field.key === 'total')?.required).toBe(true);
    const settings = created.exportSettings as { export_formats: unknown[]; config: Json };
    expect(settings.export_formats).toEqual([
      { type: 'csv', enabled: false },
      { type: 'xlsx', enabled: false },
      { type: 'json', enabled: true },
      { type: 'webhook', enabled: false },
    ]);
    expect(settings.config).toMatchObject({ timeout: 120, headers: { 'X-Key': '1' } });

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/doc-types/${created.id}`,
      headers: user.headers,
    });
    expect(read.json()).toEqual(created);
  });

  it.each([
    [{ name: '   ' }, 'body.name: Name is required'],
    [{}, 'body.name: Name is required'],
    [
      { name: 'X', fields: [{ key: 'Total Due', label: 'Total', type: 'currency' }] },
      'body.fields.0.key: Field key "Total Due" must start with a lowercase letter and use only a-z, 0-9 and _',
    ],
    [
      {
        name: 'X',
        fields: [
          { key: 'total', label: 'Total', type: 'currency' },
          { key: 'total', label: 'Total again', type: 'number' },
        ],
      },
      'body.fields.1.key: Field key "total" is used more than once',
    ],
    [
      { name: 'X', fields: [{ key: 'paid', label: 'Paid', type: 'yes_no' }] },
      'body.fields.0.type: Field type must be string, number, date, currency or boolean',
    ],
    [
      {
        name: 'X',
        tables: [
          {
            key: 'items',
            label: 'Items',
            columns: [
              { key: 'name', label: 'Name', type: 'string' },
              { key: 'name', label: 'Name', type: 'string' },
            ],
          },
        ],
      },
      'body.tables.0.columns.1.key: Column of table "items" key "name" is used more than once',
    ],
    [
      {
        name: 'X',
        tables: [
          {
            key: 'items',
            label: 'Items',
            columns: [{ key: 'paid', label: 'Paid', type: 'boolean' }],
          },
        ],
      },
      'body.tables.0.columns.0.type: Column type must be string, number, date or currency',
    ],
    [
      {
        name: 'X',
        fields: [{ key: 'items', label: 'Items', type: 'string' }],
        tables: [{ key: 'items', label: 'Items', columns: [] }],
      },
      'body.tables.0.key: Table key "items" is also a field key',
    ],
    [
      { name: 'X', exportSettings: { export_formats: [{ type: 'pdf', enabled: true }] } },
      'body.exportSettings.export_formats.0.type: Export format must be csv, xlsx, json or webhook',
    ],
    [
      { name: 'X', exportSettings: { config: { timeout: 4 } } },
      'body.exportSettings.config.timeout: Webhook timeout must be at least 5 seconds',
    ],
    [
      { name: 'X', exportSettings: { config: { timeout: 301 } } },
      'body.exportSettings.config.timeout: Webhook timeout must be at most 300 seconds',
    ],
    [
      { name: 'X', exportSettings: { config: { webhook_url: 'ftp://files.example.com' } } },
      'body.exportSettings.config.webhook_url: Webhook URL must be an http or https address',
    ],
  ])('answers 400 VALIDATION_FAILED for %j', async (body, message) => {
    const user = await signUpWithTenant(t.app, uniqueEmail('invalid'));

    const response = await createType(user.headers, body);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', detail: [message] });
    expect(await listTypes(user.headers)).toEqual([]);
  });

  it('links knowledge documents from ragDocs and referenceDocuments, defaulting to data_entry', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('knowledge'));
    const terms = await uploadTerms(user.headers, 'Payment terms');
    const prices = await uploadTerms(user.headers, 'Price list');

    const created = await createdType(
      user.headers,
      invoiceType({
        ragDocs: [{ id: terms }, { id: prices, name: 'Price list' }],
        referenceDocuments: [{ id: prices, enabledFor: ['recon'] }],
      }),
    );

    expect(created.referenceDocuments).toEqual([
      {
        id: prices,
        name: 'Price list',
        description: '',
        originalFilename: 'terms.txt',
        contentType: 'text/plain; charset=utf-8',
        fileSize: 26,
        enabledFor: ['data_entry', 'recon'],
      },
      expect.objectContaining({ id: terms, name: 'Payment terms', enabledFor: ['data_entry'] }),
    ]);

    // A deleted knowledge document drops out of the types that linked it.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/rag/${terms}`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(204);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/doc-types/${created.id}`,
      headers: user.headers,
    });
    expect(read.json().referenceDocuments.map((doc: { id: string }) => doc.id)).toEqual([prices]);
  });

  it("answers 404 for another company's knowledge document or an id that is not one", async () => {
    const owner = await signUpWithTenant(t.app, uniqueEmail('owner'));
    const other = await signUpWithTenant(t.app, uniqueEmail('other'), 'Other Co');
    const foreign = await uploadTerms(owner.headers, 'Owner terms');

    for (const id of [foreign, 'not-a-uuid']) {
      const response = await createType(other.headers, invoiceType({ ragDocs: [{ id }] }));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        detail: 'Knowledge document not found',
      });
    }
    expect(await listTypes(other.headers)).toEqual([]);
  });
});

describe('GET /api/doc-types', () => {
  it("lists the company's types newest first with the agent flags, and only its own", async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('list'));
    const other = await signUpWithTenant(t.app, uniqueEmail('other'), 'Other Co');
    const first = await createdType(user.headers, {
      name: 'First',
      agentsEnabled: { recon: false },
    });
    const second = await createdType(user.headers, { name: 'Second' });
    await createdType(other.headers, { name: 'Not yours' });

    const list = await listTypes(user.headers);

    expect(list.map((type) => type.id)).toEqual([second.id, first.id]);
    expect(list[1]).toMatchObject({
      name: 'First',
      data_entry_enabled: true,
      recon_enabled: false,
    });
    expect(list[0]).toMatchObject({
      name: 'Second',
      data_entry_enabled: true,
      recon_enabled: true,
    });
  });

  it('reads a type stored without agent settings as extraction only', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('legacy'));
    const created = await createdType(user.headers, { name: 'Old type' });
    await t.db
      .updateTable('docTypes')
      .set({ agentsEnabled: null })
      .where('id', '=', created.id)
      .execute();

    const [listed] = await listTypes(user.headers);

    expect(listed).toMatchObject({
      agentsEnabled: { extract: true, data_entry: false, recon: false },
      data_entry_enabled: false,
      recon_enabled: false,
    });
  });

  it("answers 404 for another company's type and for a malformed id", async () => {
    const owner = await signUpWithTenant(t.app, uniqueEmail('owner'));
    const other = await signUpWithTenant(t.app, uniqueEmail('other'), 'Other Co');
    const created = await createdType(owner.headers);

    for (const url of [`/api/doc-types/${created.id}`, '/api/doc-types/42']) {
      const response = await t.app.inject({ method: 'GET', url, headers: other.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', detail: 'Document type not found' });
    }
  });
});

describe('PUT /api/doc-types/:id', () => {
  it('changes only what is sent, and never the description or the preset', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('edit'));
    const created = await createdType(
      user.headers,
      invoiceType({
        agentsEnabled: { data_entry: false, recon: true },
        extractionInstructions: 'Dates are day first.',
        exportSettings: {
          export_formats: [{ type: 'csv', enabled: true }],
          config: { timeout: 90 },
        },
      }),
    );

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/doc-types/${created.id}`,
      headers: user.headers,
      payload: {
        name: 'Renamed invoices',
        description: 'A new description',
        presetKey: 'receipt',
        fields: [{ key: 'invoice_number', label: 'Invoice No', type: 'string', required: true }],
      },
    });

    expect(renamed.statusCode).toBe(200);
    const updated = renamed.json();
    expect(updated).toMatchObject({
      name: 'Renamed invoices',
      description: created.description,
      presetKey: 'invoice',
      fields: [{ key: 'invoice_number', label: 'Invoice No', type: 'string', required: true }],
      tables: created.tables,
      agentsEnabled: created.agentsEnabled,
      extractionInstructions: 'Dates are day first.',
      exportSettings: created.exportSettings,
    });

    // Agent toggles and export settings not sent keep their value.
    const toggled = await t.app.inject({
      method: 'PUT',
      url: `/api/doc-types/${created.id}`,
      headers: user.headers,
      payload: {
        agentsEnabled: { recon: false },
        exportSettings: {
          export_formats: [{ type: 'xlsx', enabled: true }],
          config: { include_raw: true },
        },
      },
    });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json()).toMatchObject({
      name: 'Renamed invoices',
      agentsEnabled: { extract: true, data_entry: false, recon: false },
      recon_enabled: false,
      exportSettings: {
        export_formats: [
          { type: 'csv', enabled: true },
          { type: 'xlsx', enabled: true },
          { type: 'json', enabled: false },
          { type: 'webhook', enabled: false },
        ],
        config: { timeout: 90, include_raw: true, include_metadata: true },
      },
    });
  });

  it('validates what is sent, including a field key that a stored table already uses', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('edit-invalid'));
    const created = await createdType(user.headers);
    const put = (payload: Json) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/doc-types/${created.id}`,
        headers: user.headers,
        payload,
      });

    const blank = await put({ name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().detail).toEqual(['body.name: Name is required']);

    const clash = await put({ fields: [{ key: 'line_items', label: 'Items', type: 'string' }] });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({
      code: 'VALIDATION_FAILED',
      detail: 'Table key "line_items" is also a field key',
    });

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/doc-types/${created.id}`,
      headers: user.headers,
    });
    expect(read.json().name).toBe(created.name);
  });

  it("answers 404 for another company's type and for its knowledge document ids", async () => {
    const owner = await signUpWithTenant(t.app, uniqueEmail('owner'));
    const other = await signUpWithTenant(t.app, uniqueEmail('other'), 'Other Co');
    const ownerType = await createdType(owner.headers);
    const otherType = await createdType(other.headers);
    const ownerDocument = await uploadTerms(owner.headers, 'Owner terms');

    const foreignType = await t.app.inject({
      method: 'PUT',
      url: `/api/doc-types/${ownerType.id}`,
      headers: other.headers,
      payload: { name: 'Taken over' },
    });
    expect(foreignType.statusCode).toBe(404);

    const foreignDocument = await t.app.inject({
      method: 'PUT',
      url: `/api/doc-types/${otherType.id}`,
      headers: other.headers,
      payload: { referenceDocuments: [{ id: ownerDocument }] },
    });
    expect(foreignDocument.statusCode).toBe(404);
    expect(foreignDocument.json().detail).toBe('Knowledge document not found');
  });
});

describe('POST /api/doc-types/:id/test', () => {
  it("extracts an invoice's values with confidences and its line items", async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('test'));
    const { invoice, ...document } = await invoicePdf({
      invoiceNumber: 'INV-2025-0815',
      lineItems: [
        { description: 'Consulting hours', qty: 12, unitPrice: 95 },
        { description: 'Travel expenses', qty: 1, unitPrice: 240.4 },
      ],
    });
    const fileId = await uploadDocument(t.app, user.headers, document);
    const type = await createdType(user.headers);

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/doc-types/${type.id}/test`,
      headers: user.headers,
      payload: { fileId },
    });

    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.pages).toBe(1);
    expect(Object.keys(result.fields).sort()).toEqual(
      PRESETS.invoice.fields.map((field) => field.key).sort(),
    );
    expect(result.fields.invoice_number.value).toBe(invoice.invoiceNumber);
    expect(result.fields.total.value).toBe(invoice.total);
    for (const key of ['invoice_number', 'total']) {
      expect(result.fields[key].confidence).toBeGreaterThan(0.5);
      expect(result.fields[key].confidence).toBeLessThanOrEqual(1);
      expect(result.fields[key].source.page).toBe(1);
    }
    const rows = result.tables.line_items.rows;
    expect(rows.map((row: Record<string, { value: unknown }>) => row.description?.value)).toEqual(
      invoice.lineItems.map((item) => item.description),
    );
    expect(rows.map((row: Record<string, { value: unknown }>) => row.amount?.value)).toEqual(
      invoice.lineItems.map((item) => item.amount),
    );

    // A type that is not temporary stays.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/doc-types/${type.id}`,
      headers: user.headers,
    });
    expect(read.statusCode).toBe(200);
  });

  it('runs on a temporary type that is never listed and is deleted after its test', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('temporary'));
    const { invoice, ...document } = await invoicePdf();
    const fileId = await uploadDocument(t.app, user.headers, document);
    const kept = await createdType(user.headers);

    const temporary = await createdType(user.headers, invoiceType({ temporary: true }));

    expect(temporary.name).toMatch(/^Supplier invoices_test_\d+$/);
    expect((await listTypes(user.headers)).map((type) => type.id)).toEqual([kept.id]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/doc-types/${temporary.id}/test`,
      headers: user.headers,
      payload: { fileId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().fields.invoice_number.value).toBe(invoice.invoiceNumber);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/doc-types/${temporary.id}`,
      headers: user.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('deletes a temporary type even when its test fails, and answers 422 for a damaged file', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('temporary-fail'));
    const damaged = await uploadDocument(t.app, user.headers, corruptPdf());
    const temporary = await createdType(user.headers, invoiceType({ temporary: true }));

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/doc-types/${temporary.id}/test`,
      headers: user.headers,
      payload: { fileId: damaged },
    });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'EXTRACTION_FAILED',
      detail: 'The PDF file is damaged and cannot be read.',
    });
    const remaining = await t.db
      .selectFrom('docTypes')
      .select('id')
      .where('id', '=', temporary.id)
      .execute();
    expect(remaining).toEqual([]);
  });

  it('removes temporary types that wizards left behind more than an hour ago', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('stale'));
    const abandoned = await createdType(user.headers, invoiceType({ temporary: true }));
    const recent = await createdType(user.headers, invoiceType({ temporary: true }));
    await t.db
      .updateTable('docTypes')
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where('id', '=', abandoned.id)
      .execute();

    const next = await createdType(user.headers, invoiceType({ temporary: true }));

    const remaining = await t.db
      .selectFrom('docTypes')
      .select('id')
      .where('tenantId', '=', user.tenantId)
      .execute();
    expect(remaining.map((row) => row.id).sort()).toEqual([recent.id, next.id].sort());
  });

  it("answers 404 for another company's type or file, and 400 without a fileId", async () => {
    const owner = await signUpWithTenant(t.app, uniqueEmail('owner'));
    const other = await signUpWithTenant(t.app, uniqueEmail('other'), 'Other Co');
    const ownerFile = await uploadDocument(t.app, owner.headers, await invoicePdf());
    const ownerType = await createdType(owner.headers);
    const otherFile = await uploadDocument(t.app, other.headers, await textPdf(['Hello']));
    const otherType = await createdType(other.headers);
    const test = (headers: Headers, id: string, payload: Json) =>
      t.app.inject({ method: 'POST', url: `/api/doc-types/${id}/test`, headers, payload });

    const foreignType = await test(other.headers, ownerType.id, { fileId: otherFile });
    expect(foreignType.statusCode).toBe(404);
    expect(foreignType.json().detail).toBe('Document type not found');

    const foreignFile = await test(other.headers, otherType.id, { fileId: ownerFile });
    expect(foreignFile.statusCode).toBe(404);
    expect(foreignFile.json().detail).toBe('File not found');

    const noFile = await test(other.headers, otherType.id, {});
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toEqual(['body.fileId: fileId is required']);
  });
});

describe('DELETE /api/doc-types/:id', () => {
  /** Documents processed as a type, as the upload flow records them. */
  async function addPipelines(tenantId: string, docTypeId: string, fileIds: string[]) {
    const pipelines = await t.db
      .insertInto('pipelines')
      .values(
        fileIds.map((fileId) => ({
          tenantId,
          docTypeId,
          fileId,
          originalFilename: 'invoice.pdf',
          currentStep: 'human_review' as const,
        })),
      )
      .returning('id')
      .execute();
    for (const { id } of pipelines) {
      await t.db
        .insertInto('pipelineEvents')
        .values({
          tenantId,
          pipelineId: id,
          kind: 'created',
          actorLabel: 'System',
          data: jsonb({}),
        })
        .execute();
      await t.db
        .insertInto('jobs')
        .values({ name: 'pipeline.extract', payload: jsonb({ pipelineId: id }), tenantId })
        .execute();
    }
    return pipelines.map((pipeline) => pipeline.id);
  }

  it('deletes a type without documents', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('delete'));
    const type = await createdType(user.headers);

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/doc-types/${type.id}`,
      headers: user.headers,
    });

    expect(response.statusCode).toBe(204);
    expect(await listTypes(user.headers)).toEqual([]);
  });

  it('refuses to orphan documents, and with force=true removes them, their jobs and files', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('delete-used'));
    const type = await createdType(user.headers);
    const otherType = await createdType(user.headers, { name: 'Other type' });
    const fileIds = [
      await uploadDocument(t.app, user.headers, await invoicePdf()),
      await uploadDocument(t.app, user.headers, await textPdf(['Second'])),
      await uploadDocument(t.app, user.headers, await textPdf(['Shared'])),
    ];
    // The third file is also processed as another type, so it must survive.
    const pipelineIds = await addPipelines(user.tenantId, type.id, fileIds);
    const [survivorPipeline] = await addPipelines(user.tenantId, otherType.id, [fileIds[2]!]);
    await t.app.inject({
      method: 'POST',
      url: '/api/vision/textlayer',
      headers: user.headers,
      payload: { fileId: fileIds[0] },
    });
    const storageKeys = (
      await t.db
        .selectFrom('files')
        .select(['id', 'storageKey'])
        .where('id', 'in', fileIds)
        .execute()
    ).sort((a, b) => fileIds.indexOf(a.id) - fileIds.indexOf(b.id));

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/doc-types/${type.id}`,
      headers: user.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'CONFLICT',
      detail:
        'This document type is used by 3 documents. Delete them first, or delete the type with its documents.',
    });
    expect((await listTypes(user.headers)).map((listed) => listed.id)).toContain(type.id);

    const forced = await t.app.inject({
      method: 'DELETE',
      url: `/api/doc-types/${type.id}?force=true`,
      headers: user.headers,
    });
    expect(forced.statusCode).toBe(204);

    expect((await listTypes(user.headers)).map((listed) => listed.id)).toEqual([otherType.id]);
    const pipelines = await t.db
      .selectFrom('pipelines')
      .select('id')
      .where('tenantId', '=', user.tenantId)
      .execute();
    expect(pipelines.map((row) => row.id)).toEqual([survivorPipeline]);
    const events = await t.db
      .selectFrom('pipelineEvents')
      .select('pipelineId')
      .where('pipelineId', 'in', pipelineIds)
      .execute();
    expect(events).toEqual([]);
    const jobs = await t.db
      .selectFrom('jobs')
      .select([
        sql<string | null>`payload ->> 'pipelineId'`.as('pipelineId'),
        sql<string | null>`payload ->> 'fileId'`.as('fileId'),
        sql<string | null>`payload ->> 'storageKey'`.as('storageKey'),
      ])
      .where('tenantId', '=', user.tenantId)
      .execute();
    expect(jobs.flatMap((job) => job.pipelineId ?? [])).toEqual([survivorPipeline]);
    // the engine work done for the removed files (reading, upload check) went with them
    const removedFiles = [storageKeys[0]!, storageKeys[1]!];
    expect(
      jobs.filter((job) =>
        removedFiles.some((file) => job.fileId === file.id || job.storageKey === file.storageKey),
      ),
    ).toEqual([]);
    expect(jobs.filter((job) => job.storageKey === storageKeys[2]!.storageKey)).toHaveLength(1);
    const files = await t.db.selectFrom('files').select('id').where('id', 'in', fileIds).execute();
    expect(files.map((file) => file.id)).toEqual([fileIds[2]]);
    const readings = await t.db
      .selectFrom('fileReadings')
      .select('fileId')
      .where('fileId', 'in', fileIds)
      .execute();
    expect(readings).toEqual([]);
    expect(await t.storage.exists(storageKeys[0]!.storageKey)).toBe(false);
    expect(await t.storage.exists(storageKeys[1]!.storageKey)).toBe(false);
    expect(await t.storage.exists(storageKeys[2]!.storageKey)).toBe(true);
  });

  it('says "1 document" for a single one, and answers 404 to another company', async () => {
    const owner = await signUpWithTenant(t.app, uniqueEmail('owner'));
    const other = await signUpWithTenant(t.app, uniqueEmail('other'), 'Other Co');
    const type = await createdType(owner.headers);
    await addPipelines(owner.tenantId, type.id, [
      await uploadDocument(t.app, owner.headers, await textPdf(['One'])),
    ]);

    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/doc-types/${type.id}?force=true`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/doc-types/${type.id}`,
      headers: owner.headers,
    });
    expect(refused.json().detail).toMatch(/^This document type is used by 1 document\. /);
  });
});
