import { createHash } from 'node:crypto';

import { READER_VERSION } from '@parser/extraction';
import {
  corruptPdf,
  damagedWordDoc,
  encryptedPdf,
  type GeneratedDocument,
  invoiceDocx,
  invoicePdf,
  multiPageTiff,
  receiptImage,
  scannedInvoicePdf,
  textImagePng,
  ublInvoice,
  windowsProgram,
} from '@parser/test-documents';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FilesRepository } from '../src/modules/files/files.repository.js';
import { FilesService } from '../src/modules/files/files.service.js';
import { previewStorageKey } from '../src/modules/files/page-previews.js';
import { buildTestApp, multipart, signUpWithTenant, type TestApp } from './build-test-app.js';
import { type Headers, uniqueEmail } from './factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
});
afterAll(() => t.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function upload(app: FastifyInstance, headers: Headers, doc: GeneratedDocument) {
  const body = multipart([
    { name: 'file', fileName: doc.fileName, bytes: doc.bytes, contentType: doc.contentType },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/files:upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function uploaded(headers: Headers, doc: GeneratedDocument): Promise<string> {
  const response = await upload(t.app, headers, doc);
  expect(response.statusCode).toBe(201);
  return response.json<{ fileId: string }>().fileId;
}

const countFiles = async (tenantId: string) =>
  (await t.db.selectFrom('files').select('id').where('tenantId', '=', tenantId).execute()).length;

describe('POST /api/files:upload', () => {
  it('stores a PDF with its page count, sha256, size and uploader', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('upload'));
    const invoice = await invoicePdf();

    const response = await upload(t.app, user.headers, invoice);

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      fileId: expect.any(String),
      pages: 1,
      fileName: invoice.fileName,
      contentType: 'application/pdf',
      size: invoice.bytes.length,
      sha256: sha256(invoice.bytes),
      error: null,
    });
    const row = await t.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', body.fileId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenantId: user.tenantId, uploadedBy: user.uid, format: 'pdf' });
    expect(Buffer.compare(await t.storage.get(row.storageKey), invoice.bytes)).toBe(0);
    expect(row.storageKey).toBe(`${user.tenantId}/${body.fileId}`);
  });

  it('counts the pages of a multi-page TIFF and a Word document', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('pages'));

    const tiff = await upload(t.app, user.headers, await multiPageTiff());
    expect(tiff.statusCode).toBe(201);
    expect(tiff.json()).toMatchObject({ pages: 2, contentType: 'image/tiff', error: null });

    const docx = await upload(t.app, user.headers, await invoiceDocx());
    expect(docx.statusCode).toBe(201);
    expect(docx.json()).toMatchObject({
      pages: 1,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('identifies a file by its content: a PNG named .pdf is stored and served as PNG', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('sniff'));
    const png = await receiptImage({ format: 'png' });

    const response = await upload(t.app, user.headers, {
      ...png,
      fileName: 'scan.pdf',
      contentType: 'application/pdf',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ contentType: 'image/png', pages: 1, error: null });
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/files/${response.json().fileId}/view`,
      headers: user.headers,
    });
    expect(view.headers['content-type']).toBe('image/png');
  });

  it('refuses a program renamed .pdf with 415 and says what it is, storing nothing', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('exe'));

    const response = await upload(t.app, user.headers, {
      ...windowsProgram('invoice.pdf'),
      contentType: 'application/pdf',
    });

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_FILE',
      detail:
        'Unsupported file type: a Windows program (.pdf). Upload a PDF, PNG, JPEG, TIFF, DOC or DOCX file, or an e-invoice XML (UBL or CII).',
    });
    expect(await countFiles(user.tenantId)).toBe(0);
  });

  it('refuses content it cannot identify and names the extension', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('unknown'));
    const bytes = new Uint8Array(256).map((_, i) => (i * 37 + 200) % 256);

    const response = await upload(t.app, user.headers, {
      bytes,
      fileName: 'data.bin',
      contentType: 'application/octet-stream',
    });

    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toMatch(
      /^Unsupported file type: \.bin file with unknown content\./,
    );
  });

  it('stores a damaged PDF with pages 0 and the reason, and extraction answers 422 with it', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('corrupt'));
    const damaged = corruptPdf();

    const response = await upload(t.app, user.headers, damaged);

    expect(response.statusCode).toBe(201);
    const { fileId, error } = response.json<{ fileId: string; error: string }>();
    expect(response.json().pages).toBe(0);
    expect(error).toMatch(/damaged and cannot be read/);

    const extract = await t.app.inject({
      method: 'POST',
      url: `/api/files/${fileId}/extract`,
      headers: user.headers,
    });
    expect(extract.statusCode).toBe(422);
    expect(extract.json()).toEqual({ code: 'EXTRACTION_FAILED', detail: error });

    const textLayer = await t.app.inject({
      method: 'POST',
      url: '/api/vision/textlayer',
      headers: user.headers,
      payload: { fileId },
    });
    expect(textLayer.statusCode).toBe(422);
    expect(textLayer.json().detail).toBe(error);

    // The bytes are kept and can still be looked at.
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/view`,
      headers: user.headers,
    });
    expect(view.statusCode).toBe(200);
    expect(view.rawPayload.equals(Buffer.from(damaged.bytes))).toBe(true);
  });

  it('stores a password-protected PDF with pages 0 and says it is protected', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('encrypted'));

    const response = await upload(t.app, user.headers, await encryptedPdf());

    expect(response.statusCode).toBe(201);
    expect(response.json().pages).toBe(0);
    expect(response.json().error).toMatch(/password-protected/);
    const extract = await t.app.inject({
      method: 'POST',
      url: `/api/files/${response.json().fileId}/extract`,
      headers: user.headers,
    });
    expect(extract.statusCode).toBe(422);
    expect(extract.json().detail).toMatch(/password-protected/);
  });

  it('answers 400 without a file part, for an empty file and for a JSON body', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('nofile'));
    const noFile = multipart([{ name: 'name', value: 'x' }]);
    const withoutFile = await t.app.inject({
      method: 'POST',
      url: '/api/files:upload',
      headers: { ...user.headers, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(withoutFile.statusCode).toBe(400);
    expect(withoutFile.json().detail).toBe('Choose a file to upload (multipart part "file")');

    const empty = await upload(t.app, user.headers, {
      bytes: new Uint8Array(),
      fileName: 'empty.pdf',
      contentType: 'application/pdf',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('The file is empty');

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/files:upload',
      headers: user.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('VALIDATION_FAILED');
  });

  it('takes one file per request', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('two'));
    const invoice = await invoicePdf();
    const body = multipart([
      { name: 'file', fileName: 'a.pdf', bytes: invoice.bytes },
      { name: 'file', fileName: 'b.pdf', bytes: invoice.bytes },
    ]);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/files:upload',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Send one file with at most a few text parts');
    expect(await countFiles(user.tenantId)).toBe(0);
  });

  it('requires a signed-in user', async () => {
    const response = await upload(t.app, {}, await invoicePdf());
    expect(response.statusCode).toBe(401);
  });
});

describe('upload size limit', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await buildTestApp({ MAX_UPLOAD_MB: '0.05' });
  });
  afterAll(() => small.close());

  it('answers 413 FILE_TOO_LARGE above MAX_UPLOAD_MB and accepts a file below it', async () => {
    const user = await signUpWithTenant(small.app, uniqueEmail('limit'));
    const big = await textImagePng(
      Array.from({ length: 40 }, (_, i) => `Line ${i} of a long scanned page`),
    );
    expect(big.length).toBeGreaterThan(0.05 * 1024 * 1024);

    const tooLarge = await upload(small.app, user.headers, {
      bytes: big,
      fileName: 'big.png',
      contentType: 'image/png',
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      code: 'FILE_TOO_LARGE',
      detail: 'File is larger than the 0.05 MB limit',
    });

    const invoice = await invoicePdf();
    expect(invoice.bytes.length).toBeLessThan(0.05 * 1024 * 1024);
    expect((await upload(small.app, user.headers, invoice)).statusCode).toBe(201);
  });
});

describe('GET /api/files/:fileId/view', () => {
  it('serves the bytes inline with the stored type, length, nosniff and a private cache', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('view'));
    const invoice = await invoicePdf();
    const fileId = await uploaded(user.headers, invoice);

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/view`,
      headers: user.headers,
    });

    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['content-length']).toBe(String(invoice.bytes.length));
    expect(view.headers['content-disposition']).toBe(`inline; filename="${invoice.fileName}"`);
    expect(view.headers['x-content-type-options']).toBe('nosniff');
    expect(view.headers['cache-control']).toMatch(/^private/);
    expect(view.rawPayload.equals(Buffer.from(invoice.bytes))).toBe(true);
  });

  it('gives a non-ASCII file name as RFC 5987 filename*', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('umlaut'));
    const fileId = await uploaded(user.headers, {
      ...(await invoicePdf()),
      fileName: 'Rechnung März (final).pdf',
    });

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/view`,
      headers: user.headers,
    });

    expect(view.headers['content-disposition']).toBe(
      `inline; filename="Rechnung M_rz (final).pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz%20%28final%29.pdf`,
    );
  });

  it("answers 404 for another company's file and for a malformed id", async () => {
    const owner = await signUpWithTenant(t.app, uniqueEmail('owner'));
    const other = await signUpWithTenant(t.app, uniqueEmail('other'), 'Other Co');
    const fileId = await uploaded(owner.headers, await invoicePdf());

    for (const url of [`/api/files/${fileId}/view`, '/api/files/not-a-uuid/view']) {
      const response = await t.app.inject({ method: 'GET', url, headers: other.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', detail: 'File not found' });
    }
  });
});

describe('GET /api/files/:fileId/pages/:page/image', () => {
  it('renders a page as a JPEG of the asked width, and 404 past the last page', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('pages'));
    const fileId = await uploaded(user.headers, await invoicePdf());
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/pages/1/image?width=500`,
      headers: user.headers,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(500);

    const past = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/pages/2/image`,
      headers: user.headers,
    });
    expect(past.statusCode).toBe(404);
    expect(past.json().detail).toBe('This document has no page 2');

    const other = await signUpWithTenant(t.app, uniqueEmail('pages-other'));
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/pages/1/image`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /api/files/:fileId/pages/:page/image for Word and e-invoice XML', () => {
  it('shows a Word document as the pages its text is laid out on, kept per page and width', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('word-pages'));
    const fileId = await uploaded(user.headers, await invoiceDocx());
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/pages/1/image?width=960`,
      headers: user.headers,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 960 });
    // US Letter, the size the Word reader lays text out on.
    expect(meta.height).toBe(Math.round((960 * 792) / 612));
    expect(await t.storage.exists(previewStorageKey(user.tenantId, fileId, 1, 960))).toBe(true);

    const past = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/pages/99/image`,
      headers: user.headers,
    });
    expect(past.statusCode).toBe(404);
    expect(past.json().detail).toBe('This document has no page 99');
  });

  it('answers a damaged Word document with the reason it could not be read', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('word-damaged'));
    const response = await upload(t.app, user.headers, damagedWordDoc(['Invoice 12']));
    expect(response.statusCode).toBe(201);
    const { fileId, error } = response.json<{ fileId: string; error: string }>();
    expect(error).toMatch(/damaged/);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/pages/1/image`,
      headers: user.headers,
    });
    expect(page.statusCode).toBe(422);
    expect(page.json().detail).toBe(error);
  });

  it('keeps an e-invoice XML without page images', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('xml-pages'));
    const fileId = await uploaded(user.headers, ublInvoice());
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/pages/1/image`,
      headers: user.headers,
    });
    expect(page.statusCode).toBe(404);
  });
});

describe('POST /api/files/:fileId/extract', () => {
  it('suggests the fields and the line-items table of an invoice with the printed values', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('suggest'));
    const { invoice, ...document } = await invoicePdf({
      invoiceNumber: 'INV-7731',
      date: '2024-06-30',
    });
    const fileId = await uploaded(user.headers, document);

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/files/${fileId}/extract`,
      headers: user.headers,
    });

    expect(response.statusCode).toBe(200);
    const { fields, tables } = response.json().extraction_result;
    expect(fields.invoice_number).toEqual({
      label: 'Invoice Number',
      type: 'string',
      value: invoice.invoiceNumber,
    });
    expect(fields.invoice_date).toMatchObject({ type: 'date', value: '2024-06-30' });
    expect(fields.total).toMatchObject({ type: 'currency', value: String(invoice.total) });
    expect(tables.line_items.label).toBe('Line Items');
    expect(Object.keys(tables.line_items.columns)).toEqual([
      'description',
      'qty',
      'unit_price',
      'amount',
    ]);
    expect(tables.line_items.columns.amount).toEqual({ label: 'Amount', type: 'currency' });
  });

  it("answers 404 for another company's file", async () => {
    const owner = await signUpWithTenant(t.app, uniqueEmail('owner'));
    const other = await signUpWithTenant(t.app, uniqueEmail('other'), 'Other Co');
    const fileId = await uploaded(owner.headers, await invoicePdf());

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/files/${fileId}/extract`,
      headers: other.headers,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/vision/textlayer', () => {
  it("answers a digital PDF's words with boxes from its text layer", async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('layer'));
    const { invoice, ...document } = await invoicePdf({ invoiceNumber: 'INV-5150' });
    const fileId = await uploaded(user.headers, document);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vision/textlayer',
      headers: user.headers,
      payload: { fileId },
    });

    expect(response.statusCode).toBe(200);
    const layer = response.json();
    expect(layer.fileId).toBe(fileId);
    expect(layer.pages).toHaveLength(1);
    const [page] = layer.pages;
    expect(page).toMatchObject({ number: 1, method: 'text_layer' });
    expect(page.width).toBeCloseTo(595.28, 1);
    expect(page.text).toContain(`Invoice Number: ${invoice.invoiceNumber}`);
    const word = page.words.find((w: { text: string }) => w.text === invoice.invoiceNumber);
    expect(word.confidence).toBe(1);
    const [x0, y0, x1, y1] = word.box;
    expect(x1).toBeGreaterThan(x0);
    expect(y1).toBeGreaterThan(y0);
  });

  it('OCRs a scanned PDF once: the stored reading serves later requests', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('scan'));
    const { invoice, ...scan } = await scannedInvoicePdf({ invoiceNumber: 'INV-3141' });
    const fileId = await uploaded(user.headers, scan);

    // Two readers at once share one OCR run.
    const files = new FilesService({
      files: new FilesRepository(t.db),
      engine: t.engine,
      storage: t.storage,
      log: t.app.log,
      jobs: t.jobs,
    });
    const [first, second] = await Promise.all([
      files.read(user.tenantId, fileId),
      files.read(user.tenantId, fileId),
    ]);
    expect(second).toBe(first);
    expect(first.pages[0]?.method).toBe('ocr');

    const readings = await t.db
      .selectFrom('fileReadings')
      .select(['readerVersion'])
      .where('fileId', '=', fileId)
      .execute();
    expect(readings).toEqual([{ readerVersion: READER_VERSION }]);

    // With the bytes gone, only the stored reading can answer.
    const row = await t.db
      .selectFrom('files')
      .select('storageKey')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    await t.storage.delete(row.storageKey);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vision/textlayer',
      headers: user.headers,
      payload: { fileId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().pages[0].method).toBe('ocr');
    expect(response.json().pages[0].text).toContain(invoice.invoiceNumber);
  });

  it("answers 404 for another company's file and 400 without a fileId", async () => {
    const owner = await signUpWithTenant(t.app, uniqueEmail('owner'));
    const other = await signUpWithTenant(t.app, uniqueEmail('other'), 'Other Co');
    const fileId = await uploaded(owner.headers, await invoicePdf());

    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/vision/textlayer',
      headers: other.headers,
      payload: { fileId },
    });
    expect(foreign.statusCode).toBe(404);

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/vision/textlayer',
      headers: owner.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toEqual(['body.fileId: fileId is required']);
  });
});
