import {
  corruptPdf,
  invoiceDocx,
  invoicePdf,
  receiptImage,
  windowsProgram,
} from '@parser/test-documents';
import { describe, expect, it } from 'vitest';

import { multipart, type MultipartPart, signUpWithTenant } from './build-test-app.js';
import { type Headers, uniqueEmail } from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile({ AUTH_RATE_LIMIT_PER_IP: '1000' });

function post(headers: Headers, parts: MultipartPart[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/rag',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const file = (fileName: string, bytes: Uint8Array | string): MultipartPart => ({
  name: 'file',
  fileName,
  bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
});

const storedText = async (id: string) =>
  (
    await t.db
      .selectFrom('ragDocuments')
      .select(['text', 'tenantId', 'uploadedBy', 'storageKey'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).text;

const list = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/rag', headers })).json<
    { id: string; name: string }[]
  >();

describe('POST /api/rag', () => {
  it('stores a plain text document with its text and lists it', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('text'));
    const text = 'Suppliers are paid within 30 days.\nDiscounts apply above 1,000 EUR.';

    const response = await post(user.headers, [
      { name: 'name', value: '  Payment policy ' },
      { name: 'description', value: 'How we pay' },
      file('policy.txt', text),
    ]);

    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(response.json()).toEqual({ id, name: 'Payment policy' });
    expect(await storedText(id)).toBe(text);
    expect(await list(user.headers)).toEqual([
      {
        id,
        name: 'Payment policy',
        description: 'How we pay',
        originalFilename: 'policy.txt',
        contentType: 'text/plain; charset=utf-8',
        fileSize: Buffer.byteLength(text),
        textLength: text.length,
        created_at: expect.any(String),
      },
    ]);
  });

  it('accepts CSV (the file part may come first) and lists newest first', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('csv'));
    const first = await post(user.headers, [
      { name: 'name', value: 'Notes' },
      file('notes.txt', 'A note'),
    ]);
    const csv = '\uFEFFsku,price\nA-1,9.99\nB-2,24.00\n';

    const response = await post(user.headers, [
      file('prices.csv', csv),
      { name: 'name', value: 'Prices' },
    ]);

    expect(response.statusCode).toBe(201);
    expect(await storedText(response.json().id)).toBe('sku,price\nA-1,9.99\nB-2,24.00');
    const listed = await list(user.headers);
    expect(listed.map((doc) => doc.name)).toEqual(['Prices', 'Notes']);
    expect(listed[0]).toMatchObject({ contentType: 'text/csv; charset=utf-8' });
    expect(first.statusCode).toBe(201);
  });

  it('extracts the text of a PDF at upload', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('pdf'));
    const { invoice, ...pdf } = await invoicePdf({ invoiceNumber: 'INV-RAG-9' });

    const response = await post(user.headers, [
      { name: 'name', value: 'Sample invoice' },
      file(pdf.fileName, pdf.bytes),
    ]);

    expect(response.statusCode).toBe(201);
    const text = await storedText(response.json().id);
    expect(text).toContain(`Invoice Number: ${invoice.invoiceNumber}`);
    expect(text).toContain(invoice.vendor.name);
    expect((await list(user.headers))[0]).toMatchObject({ contentType: 'application/pdf' });
  });

  it('OCRs an image at upload', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('image'));
    const { receipt, ...jpeg } = await receiptImage({ format: 'jpeg', merchant: 'Harbour Bakery' });

    const response = await post(user.headers, [
      { name: 'name', value: 'Receipt' },
      file('receipt.jpg', jpeg.bytes),
    ]);

    expect(response.statusCode).toBe(201);
    const text = await storedText(response.json().id);
    expect(text).toContain(receipt.merchant);
    expect(text).toMatch(/Total/i);
  });

  it('asks for a file and a name', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('missing'));
    const missing = 'Missing Information: Please select a file and enter a name.';

    for (const parts of [
      [file('a.txt', 'text')],
      [{ name: 'name', value: '   ' }, file('a.txt', 'text')],
      [{ name: 'name', value: 'No file' }],
    ]) {
      const response = await post(user.headers, parts);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', detail: missing });
    }
    expect(await list(user.headers)).toEqual([]);
  });

  it('refuses Word documents, programs and binary data with 415', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('unsupported'));
    const docx = await invoiceDocx();
    const binary = new Uint8Array(300).map((_, i) => (i * 53 + 3) % 256);

    const cases: [MultipartPart, string][] = [
      [file('terms.docx', docx.bytes), 'Unsupported file type: a Word document.'],
      [
        file('terms.pdf', windowsProgram().bytes),
        'Unsupported file type: a Windows program (.pdf).',
      ],
      [file('blob', binary), 'Unsupported file type: unknown content.'],
    ];
    for (const [part, start] of cases) {
      const response = await post(user.headers, [{ name: 'name', value: 'Terms' }, part]);
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('UNSUPPORTED_FILE');
      expect(response.json().detail).toBe(
        `${start} Knowledge documents can be PDF, CSV, plain text, PNG or JPEG files.`,
      );
    }
    expect(await list(user.headers)).toEqual([]);
  });

  it('refuses a file whose text cannot be read with 422', async () => {
    const user = await signUpWithTenant(t.app, uniqueEmail('unreadable'));

    const damaged = await post(user.headers, [
      { name: 'name', value: 'Damaged' },
      file('damaged.pdf', corruptPdf().bytes),
    ]);
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json()).toEqual({
      code: 'EXTRACTION_FAILED',
      detail: 'The text of this file cannot be read. The PDF file is damaged and cannot be read.',
    });

    const blank = await post(user.headers, [
      { name: 'name', value: 'Blank' },
      file('blank.txt', ' \n\t\n'),
    ]);
    expect(blank.statusCode).toBe(422);
    expect(blank.json().detail).toBe(
      'No text could be read from this file. Knowledge documents need readable text.',
    );
    expect(await list(user.headers)).toEqual([]);
  });
});

describe('DELETE /api/rag/:id', () => {
  it("deletes the company's own document and its stored file; others get 404", async () => {
    const owner = await signUpWithTenant(t.app, uniqueEmail('owner'));
    const other = await signUpWithTenant(t.app, uniqueEmail('other'), 'Other Co');
    const created = await post(owner.headers, [
      { name: 'name', value: 'Terms' },
      file('terms.txt', 'Net 30'),
    ]);
    const { id } = created.json<{ id: string }>();
    const { storageKey } = await t.db
      .selectFrom('ragDocuments')
      .select('storageKey')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await t.storage.exists(storageKey)).toBe(true);

    expect(await list(other.headers)).toEqual([]);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/rag/${id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', detail: 'Knowledge document not found' });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/rag/${id}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await list(owner.headers)).toEqual([]);
    expect(await t.storage.exists(storageKey)).toBe(false);
  });
});
