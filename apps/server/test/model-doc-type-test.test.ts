import type { DocTypeTestResult } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { uploadDocument } from './build-test-app.js';
import { company, type Headers, printedLines } from './factories.js';
import { appWithModelPerTest, ModelStandIn, type StandInReply } from './model-stand-in.js';

const FIELDS = [
  { key: 'invoice_number', label: 'Invoice Number', type: 'string', required: true },
  { key: 'invoice_date', label: 'Invoice Date', type: 'date' },
  { key: 'vendor_name', label: 'Vendor', type: 'string' },
  { key: 'total', label: 'Total', type: 'currency' },
];

const GOOD_ANSWER = {
  fields: {
    invoice_number: 'INV-7731',
    invoice_date: '2024-03-15',
    vendor_name: 'Blue Harbor Supplies',
    total: 1234.5,
  },
  tables: {},
};

const invoiceFile = () =>
  printedLines(
    [
      'INVOICE',
      'Blue Harbor Supplies',
      'Invoice Number: INV-7731',
      'Invoice Date: 15/03/2024',
      'Total: 1,234.50',
    ],
    'example-invoice.pdf',
  );

describe('the Test step with an AI model (POST /api/doc-types/:id/test)', () => {
  const model = appWithModelPerTest();

  async function start(reply: StandInReply) {
    const { t } = await model.start(() => reply);
    const admin = await company(t.app);
    const fileId = await uploadDocument(t.app, admin.headers, await invoiceFile());
    return { admin, fileId };
  }

  /** A type as the wizard saves it, or its Test step's temporary copy. */
  async function createType(headers: Headers, temporary = false): Promise<string> {
    const response = await model.t.app.inject({
      method: 'POST',
      url: '/api/doc-types',
      headers,
      payload: { name: 'Supplier invoices', fields: FIELDS, tables: [], temporary },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  }

  async function runTest(headers: Headers, typeId: string, fileId: string) {
    const response = await model.t.app.inject({
      method: 'POST',
      url: `/api/doc-types/${typeId}/test`,
      headers,
      payload: { fileId },
    });
    expect(response.statusCode).toBe(200);
    return response.json<DocTypeTestResult>();
  }

  it('shows the values the pipeline would give: the model’s answer merged in', async () => {
    const { admin, fileId } = await start({ answer: GOOD_ANSWER });
    const result = await runTest(admin.headers, await createType(admin.headers, true), fileId);

    expect(result.pages).toBe(1);
    expect(result.fields.invoice_date!.value).toBe('2024-03-15');
    expect(result.fields.vendor_name!.value).toBe('Blue Harbor Supplies');
    expect(result.fields.total!.value).toBe(1234.5);
    for (const key of ['invoice_number', 'invoice_date', 'vendor_name', 'total']) {
      expect(result.fields[key]!.model, key).toMatch(/^(alone|agreed)$/);
    }
    expect(result.model_warnings).toBeUndefined();
    // The model read the test file's text and name, as it reads a document's.
    expect(model.standIn.requests).toHaveLength(1);
    const { user } = ModelStandIn.texts(model.standIn.requests[0]!);
    expect(user).toContain('Invoice Number: INV-7731');
    expect(user).toContain('example-invoice.pdf');
    // The request counts in the company's usage.
    const status = await model.t.app.inject({
      method: 'GET',
      url: '/api/model',
      headers: admin.headers,
    });
    expect(status.json<{ usage: { requests: number } }>().usage.requests).toBe(1);
  });

  it('answers the offline result with the warning when the model fails', async () => {
    const { admin, fileId } = await start({ content: 'Sure! Here are the values: none' });
    const result = await runTest(admin.headers, await createType(admin.headers, true), fileId);

    expect(result.model_warnings).toEqual([
      "The model's answer was not valid JSON for the document type's fields; the offline engine's values were kept.",
    ]);
    expect(result.fields.invoice_number!.value).toBe('INV-7731');
    expect(Object.values(result.fields).some((cell) => cell.model !== undefined)).toBe(false);
  });

  it('names each value the model got wrong and keeps the offline one', async () => {
    const { admin, fileId } = await start({
      answer: { ...GOOD_ANSWER, fields: { ...GOOD_ANSWER.fields, invoice_date: '31/02/2024' } },
    });
    const result = await runTest(admin.headers, await createType(admin.headers, true), fileId);

    expect(result.fields.invoice_date!.value).not.toBe('31/02/2024');
    expect(result.fields.invoice_date!.model).toBeUndefined();
    expect(result.fields.vendor_name!.value).toBe('Blue Harbor Supplies');
    expect(result.model_warnings).toHaveLength(1);
    expect(result.model_warnings![0]).toContain('Invoice Date ("31/02/2024")');
  });

  it('uses the offline engine alone for a type the company turned the model off for', async () => {
    const { admin, fileId } = await start({ answer: GOOD_ANSWER });
    const saved = await createType(admin.headers);
    const off = await model.t.app.inject({
      method: 'PUT',
      url: `/api/model/doc-types/${saved}`,
      headers: admin.headers,
      payload: { use_model: false },
    });
    expect(off.statusCode).toBe(200);

    // The saved type itself, and the temporary copy the wizard tests while editing it.
    const direct = await runTest(admin.headers, saved, fileId);
    const edited = await runTest(admin.headers, await createType(admin.headers, true), fileId);

    expect(model.standIn.requests).toHaveLength(0);
    for (const result of [direct, edited]) {
      expect(result.model_warnings).toBeUndefined();
      expect(Object.values(result.fields).some((cell) => cell.model !== undefined)).toBe(false);
      expect(result.fields.invoice_number!.value).toBe('INV-7731');
    }
  });
});
