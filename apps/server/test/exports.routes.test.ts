import { createHash } from 'node:crypto';

import type { ExportDocument, ExportPage } from '@parser/contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';

import {
  approve,
  approvedInvoice,
  company,
  createInvoiceType,
  type Headers,
  REVIEWED_INVOICE,
  submitReview,
  uploadInvoice,
} from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

const download = (headers: Headers, id: string, format?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/pipelines/${id}/export${format ? `?format=${format}` : ''}`,
    headers,
  });

async function zipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) =>
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          archive.readEntry();
        });
      }),
    );
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return entries;
}

const { fields, tables } = REVIEWED_INVOICE;
const items = tables.line_items!;

/** A reviewed value as the CSV writes it. */
const csvText = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The xlsx cell value a reviewed value should become: dates as Date cells, the rest as is. */
const cellOf = (value: unknown, type: string) =>
  value === null ? null : type === 'date' ? new Date(`${value as string}T00:00:00.000Z`) : value;

async function checkWorkbook(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Fields', 'Line Items']);
  const fieldsSheet = workbook.getWorksheet('Fields')!;
  const fieldDefs = [
    ['invoice_number', 'Invoice Number', 'string'],
    ['invoice_date', 'Invoice Date', 'date'],
    ['vendor_name', 'Vendor Name', 'string'],
    ['bill_to', 'Bill To', 'string'],
    ['subtotal', 'Subtotal', 'currency'],
    ['tax', 'Tax', 'currency'],
    ['total', 'Total', 'currency'],
    ['po_number', 'PO Number', 'string'],
    ['due_date', 'Due Date', 'date'],
  ] as const;
  fieldDefs.forEach(([key, label, type], index) => {
    expect(fieldsSheet.getRow(1).getCell(index + 1).value).toBe(label);
    const cell = fieldsSheet.getRow(2).getCell(index + 1);
    expect(cell.value).toEqual(cellOf(fields[key], type));
    if (type === 'currency') {
      expect(cell.type).toBe(ExcelJS.ValueType.Number);
      expect(cell.numFmt).toBe('#,##0.00');
    }
    if (type === 'date') expect(cell.type).toBe(ExcelJS.ValueType.Date);
  });
  const itemsSheet = workbook.getWorksheet('Line Items')!;
  expect(itemsSheet.getRow(1).values).toEqual([
    undefined,
    'Description',
    'Qty',
    'Unit Price',
    'Amount',
  ]);
  items.forEach((item, index) => {
    const row = itemsSheet.getRow(index + 2);
    expect(row.getCell(1).value).toBe(item.description);
    expect(row.getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(2).value).toBe(item.qty);
    expect(row.getCell(4).value).toBe(item.amount);
    expect(row.getCell(4).numFmt).toBe('#,##0.00');
  });
  for (const sheet of workbook.worksheets) {
    expect(sheet.getRow(1).font?.bold ?? sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  }
}

function checkCsv(text: string) {
  const rows = parse(text, { bom: true });
  expect(rows[0]).toEqual([
    'invoice_number',
    'invoice_date',
    'vendor_name',
    'bill_to',
    'subtotal',
    'tax',
    'total',
    'po_number',
    'due_date',
    'line_items.description',
    'line_items.qty',
    'line_items.unit_price',
    'line_items.amount',
  ]);
  expect(rows).toHaveLength(1 + items.length);
  const header = Object.values(fields).map(csvText);
  items.forEach((item, index) => {
    expect(rows[index + 1]).toEqual([
      ...header,
      csvText(item.description),
      csvText(item.qty),
      csvText(item.unit_price),
      csvText(item.amount),
    ]);
  });
}

describe('GET /api/pipelines/:id/export', () => {
  let admin: Awaited<ReturnType<typeof company>>;
  let pipelineId: string;
  let original: Uint8Array;
  beforeAll(async () => {
    admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const approved = await approvedInvoice(t, admin.headers, typeId, 'März-Rechnung.pdf');
    pipelineId = approved.pipelineId;
    original = approved.bytes;
  });

  it('answers the JSON export: the approved values with their types, and the metadata', async () => {
    const response = await download(admin.headers, pipelineId, 'json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="export_${pipelineId}.json"`,
    );
    const document = response.json<ExportDocument>();
    expect(document.data).toEqual(REVIEWED_INVOICE);
    expect(typeof document.data.fields.total).toBe('number');
    expect(document.metadata).toMatchObject({
      pipeline_id: pipelineId,
      document_type: { name: 'Supplier invoices' },
      file_name: 'März-Rechnung.pdf',
      content_type: 'application/pdf',
      pages: 1,
      approved_by: admin.email,
    });
    expect(Date.parse(document.metadata!.approved_at!)).toBeLessThanOrEqual(
      Date.parse(document.metadata!.exported_at),
    );
    // include_raw and include_recon are off by default.
    expect(document).not.toHaveProperty('raw_extraction');
    expect(document).not.toHaveProperty('reconciliation');
  });

  it('answers the CSV export: BOM, keys as header, one row per line item with the fields repeated', async () => {
    const response = await download(admin.headers, pipelineId, 'csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="export_${pipelineId}.csv"`,
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    checkCsv(response.body);
  });

  it('answers the Excel export with typed cells and styled, frozen headers', async () => {
    const response = await download(admin.headers, pipelineId, 'xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="export_${pipelineId}.xlsx"`,
    );
    await checkWorkbook(response.rawPayload);
  });

  it('answers the ZIP by default: original, JSON, CSV, Excel and a manifest that checks out', async () => {
    const response = await download(admin.headers, pipelineId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="exports_${pipelineId}.zip"`,
    );
    const entries = await zipEntries(response.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      [
        'März-Rechnung.pdf',
        `export_${pipelineId}.json`,
        `export_${pipelineId}.csv`,
        `export_${pipelineId}.xlsx`,
        'manifest.json',
      ].sort(),
    );
    expect(entries.get('März-Rechnung.pdf')).toEqual(Buffer.from(original));
    const json = JSON.parse(entries.get(`export_${pipelineId}.json`)!.toString('utf8'));
    expect(json.data).toEqual(REVIEWED_INVOICE);
    checkCsv(entries.get(`export_${pipelineId}.csv`)!.toString('utf8'));
    await checkWorkbook(entries.get(`export_${pipelineId}.xlsx`)!);

    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    expect(manifest).toMatchObject({
      pipeline_id: pipelineId,
      document_type: { name: 'Supplier invoices' },
    });
    expect(manifest.files).toHaveLength(4);
    for (const file of manifest.files as { name: string; size: number; sha256: string }[]) {
      const bytes = entries.get(file.name)!;
      expect(file.size).toBe(bytes.length);
      expect(file.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('answers 409 INVALID_STATE for a document that is not approved yet', async () => {
    const typeId = await createInvoiceType(t.app, admin.headers);
    const { pipelineId: pending } = await uploadInvoice(t.app, admin.headers, typeId);
    await t.drainJobs();
    for (const format of ['zip', 'json']) {
      const response = await download(admin.headers, pending, format);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'INVALID_STATE',
        detail: 'Only approved documents can be exported; this one is at human review',
      });
    }
  });

  it("answers 404 for another company's document, an unknown id and a malformed one", async () => {
    const other = await company(t.app, 'Other Co');
    for (const id of [pipelineId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await download(other.headers, id, 'json');
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it("writes the raw extraction and reconciliation report when the type's settings include them", async () => {
    const typeId = await createInvoiceType(t.app, admin.headers, {
      config: { include_metadata: false, include_raw: true, include_recon: true },
    });
    const { pipelineId: id } = await approvedInvoice(t, admin.headers, typeId);
    const document = (await download(admin.headers, id, 'json')).json<ExportDocument>();
    expect(document).not.toHaveProperty('metadata');
    expect(document.raw_extraction?.fields.invoice_number).toMatchObject({
      value: expect.any(String),
      confidence: expect.any(Number),
    });
    expect(document.reconciliation).toBeNull();
  });

  it('refuses an unknown format', async () => {
    const response = await download(admin.headers, pipelineId, 'pdf');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/exports', () => {
  it('lists approved documents only, most recently approved first, page by page', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const otherTypeId = await createInvoiceType(t.app, admin.headers);
    // Uploaded in order a, b, c but approved in order c, a: approval time decides the order.
    const a = await uploadInvoice(t.app, admin.headers, typeId, 'a.pdf');
    const b = await uploadInvoice(t.app, admin.headers, typeId, 'b.pdf');
    const c = await uploadInvoice(t.app, admin.headers, otherTypeId, 'c.pdf');
    await t.drainJobs();
    for (const { pipelineId } of [a, b, c]) await submitReview(t.app, admin.headers, pipelineId);
    expect((await approve(t.app, admin.headers, c.pipelineId)).statusCode).toBe(200);
    expect((await approve(t.app, admin.headers, a.pipelineId)).statusCode).toBe(200);

    const list = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/exports${query}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json<ExportPage>();
    };
    const all = await list('');
    expect(all.items.map((item) => item.original_filename)).toEqual(['a.pdf', 'c.pdf']);
    expect(all.items[0]).toMatchObject({
      pipeline_id: a.pipelineId,
      doc_type_id: typeId,
      doc_type_name: 'Supplier invoices',
      current_step: 'completed',
      overall_status: 'completed',
      approved_by: admin.email,
      latest_delivery: null,
    });
    expect(Date.parse(all.items[0]!.approved_at!)).toBeGreaterThanOrEqual(
      Date.parse(all.items[1]!.approved_at!),
    );
    expect(all.next_cursor).toBeNull();

    const first = await list('?limit=1');
    expect(first.items.map((item) => item.original_filename)).toEqual(['a.pdf']);
    const second = await list(`?limit=1&cursor=${first.next_cursor}`);
    expect(second.items.map((item) => item.original_filename)).toEqual(['c.pdf']);
    expect(second.next_cursor).toBeNull();

    const ofType = await list(`?doc_type_id=${otherTypeId}`);
    expect(ofType.items.map((item) => item.original_filename)).toEqual(['c.pdf']);

    const other = await company(t.app, 'Other Co');
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/exports',
      headers: other.headers,
    });
    expect(theirs.json<ExportPage>().items).toEqual([]);
  });

  it('refuses a malformed cursor', async () => {
    const admin = await company(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/exports?cursor=garbage',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(400);
  });
});
