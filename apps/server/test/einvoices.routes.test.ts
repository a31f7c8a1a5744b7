import type { ReviewRecord, UploadedFile } from '@parser/contracts';
import {
  billionLaughsXml,
  ciiXml,
  ciiXRechnung,
  einvoiceData,
  facturXPdf,
  truncatedInvoiceXml,
  ublCreditNote,
  ublInvoice,
  xxeInvoiceXml,
  type EInvoiceData,
} from '@parser/test-documents';
import { describe, expect, it } from 'vitest';

import { multipart, signUpWithTenant } from './build-test-app.js';
import {
  createInvoiceType,
  getReview,
  type Headers,
  processDocuments,
  uniqueEmail,
} from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile({ AUTH_RATE_LIMIT_PER_IP: '1000' });

const newCompany = async () =>
  (await signUpWithTenant(t.app, uniqueEmail('einvoice'), 'Einkauf GmbH')).headers;

async function upload(headers: Headers, document: { bytes: Uint8Array; fileName: string }) {
  const body = multipart([
    { name: 'file', fileName: document.fileName, bytes: document.bytes, contentType: 'text/xml' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/files:upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** The invoice preset's fields as the XML states them. */
const presetValues = (data: EInvoiceData) => ({
  invoice_number: data.invoiceNumber,
  invoice_date: data.date,
  vendor_name: data.seller.name,
  bill_to: data.buyer.name,
  subtotal: data.subtotal,
  tax: data.tax,
  total: data.total,
  po_number: data.poNumber,
  due_date: data.dueDate,
});

const fieldValues = (record: ReviewRecord) =>
  Object.fromEntries(
    Object.entries(record.extracted_data?.fields ?? {}).map(([key, cell]) => [key, cell.value]),
  );

describe('POST /api/files:upload with e-invoice XML', () => {
  it.each([
    ['a UBL invoice', ublInvoice],
    ['a UBL credit note', ublCreditNote],
    ['a CII XRechnung', ciiXRechnung],
  ])('stores %s as XML, whatever the client calls it', async (_name, generate) => {
    const headers = await newCompany();
    const response = await upload(headers, generate());
    expect(response.statusCode).toBe(201);
    expect(response.json<UploadedFile>()).toMatchObject({
      contentType: 'application/xml',
      pages: 1,
      error: null,
    });
  });

  it('refuses XML that is not an e-invoice as unsupported', async () => {
    const headers = await newCompany();
    const response = await upload(headers, {
      bytes: new TextEncoder().encode('<?xml version="1.0"?><rss><channel/></rss>'),
      fileName: 'feed.xml',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_FILE' });
  });
});

describe('e-invoices through upload and extraction', () => {
  it.each([
    ['UBL invoice', () => Promise.resolve(ublInvoice())],
    ['UBL credit note', () => Promise.resolve(ublCreditNote())],
    ['CII XRechnung', () => Promise.resolve(ciiXRechnung())],
    ['Factur-X PDF', () => facturXPdf()],
  ])(
    'a %s is extracted from its XML: exact values, confidence 1, with their XPath',
    async (_name, generate) => {
      const headers = await newCompany();
      const docTypeId = await createInvoiceType(t.app, headers);
      const document = await generate();
      const { pipelineIds } = await processDocuments(t, headers, docTypeId, [document]);
      const record = await getReview(t.app, headers, pipelineIds[0]!);

      expect(record.current_step).toBe('human_review');
      expect(fieldValues(record)).toEqual(presetValues(document.data));
      for (const cell of Object.values(record.extracted_data?.fields ?? {})) {
        expect(cell.confidence).toBe(1);
        expect(cell.origin).toMatchObject({
          kind: 'einvoice',
          xpath: expect.stringMatching(/^\//),
        });
      }
      expect(record.extracted_data?.tables.line_items?.rows).toHaveLength(
        document.data.lineItems.length,
      );
      expect(record.extracted_data?.tables.line_items?.rows[0]?.qty).toMatchObject({
        value: document.data.lineItems[0]!.qty,
        confidence: 1,
      });
    },
  );

  it('keeps the page boxes of a Factur-X PDF for the preview highlights', async () => {
    const headers = await newCompany();
    const docTypeId = await createInvoiceType(t.app, headers);
    const { pipelineIds } = await processDocuments(t, headers, docTypeId, [await facturXPdf()]);
    const record = await getReview(t.app, headers, pipelineIds[0]!);
    expect(record.content_type).toBe('application/pdf');
    expect(record.extracted_data?.fields.total?.source?.page).toBe(1);
  });

  it.each([
    ['an external entity (XXE)', xxeInvoiceXml, /declares a document type or entities/],
    ['entity expansion (billion laughs)', billionLaughsXml, /declares a document type or entities/],
    ['malformed XML', truncatedInvoiceXml, /not well-formed XML/],
  ])(
    'a file with %s is kept with the reason and fails its own pipeline',
    async (_n, generate, reason) => {
      const headers = await newCompany();
      const uploaded = await upload(headers, generate());
      expect(uploaded.statusCode).toBe(201);
      expect(uploaded.json<UploadedFile>().error).toMatch(reason);

      const docTypeId = await createInvoiceType(t.app, headers);
      const { pipelineIds } = await processDocuments(t, headers, docTypeId, [generate()]);
      const record = await getReview(t.app, headers, pipelineIds[0]!);
      expect(record.current_step).toBe('failed');
      expect(record.failure_reason).toMatch(reason);
    },
  );

  it('the reconciliation agent flags a Factur-X PDF whose printed total differs from its XML', async () => {
    const headers = await newCompany();
    const docTypeId = await createInvoiceType(
      t.app,
      headers,
      {},
      { data_entry: false, recon: true },
    );
    const document = await facturXPdf({ misprint: { total: 9999.99 } });
    const { pipelineIds } = await processDocuments(t, headers, docTypeId, [document]);
    const record = await getReview(t.app, headers, pipelineIds[0]!);

    const failed = record.agent_report?.reconciliation?.checks.filter(
      (check) => check.kind === 'einvoice' && check.status === 'fail',
    );
    expect(failed).toEqual([
      {
        kind: 'einvoice',
        status: 'fail',
        message: `Total: the embedded e-invoice XML says "${document.data.total}", the printed invoice shows "9999.99"`,
        fields: [{ field: 'total' }],
      },
    ]);
    // The XML's value stands, with a confidence that no longer shows it as certain.
    expect(record.extracted_data?.fields.total?.value).toBe(document.data.total);
    expect(record.extracted_data?.fields.total?.confidence).toBeLessThan(0.8);
  });

  it("answers 404 for another company's e-invoice file", async () => {
    const owner = await newCompany();
    const fileId = (await upload(owner, ublInvoice())).json<UploadedFile>().fileId;
    const stranger = await newCompany();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/view`,
      headers: stranger,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('a PDF whose embedded e-invoice XML cannot be read', () => {
  it('is extracted from its page, with a warning in the history saying why', async () => {
    const headers = await newCompany();
    const docTypeId = await createInvoiceType(t.app, headers);
    const document = await facturXPdf({ embeddedXml: ciiXml(einvoiceData()).slice(0, 900) });
    const { pipelineIds } = await processDocuments(t, headers, docTypeId, [document]);
    const record = await getReview(t.app, headers, pipelineIds[0]!);

    expect(record.current_step).toBe('human_review');
    expect(record.extracted_data?.fields.total).toMatchObject({ value: document.data.total });
    expect(record.extracted_data?.fields.total?.origin).toBeUndefined();
    const warnings = record.history.filter((entry) => entry.kind === 'einvoice_warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      actor: 'System',
      data: { step: 'extraction', message: 'it is not well-formed XML' },
    });
  });

  it('leaves no warning for a sound Factur-X PDF', async () => {
    const headers = await newCompany();
    const docTypeId = await createInvoiceType(t.app, headers);
    const { pipelineIds } = await processDocuments(t, headers, docTypeId, [await facturXPdf()]);
    const record = await getReview(t.app, headers, pipelineIds[0]!);
    expect(record.history.some((entry) => entry.kind === 'einvoice_warning')).toBe(false);
  });
});

describe('POST /api/files/:fileId/extract (Quick Setup) with an e-invoice example', () => {
  it.each([
    ['a UBL invoice', () => Promise.resolve(ublInvoice())],
    ['a Factur-X PDF', () => facturXPdf()],
  ])('suggests the terms %s carries, with their values', async (_n, generate) => {
    const headers = await newCompany();
    const document = await generate();
    const uploaded = await upload(headers, document);
    expect(uploaded.statusCode).toBe(201);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/files/${uploaded.json<UploadedFile>().fileId}/extract`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const { fields, tables } = response.json<{
      extraction_result: {
        fields: Record<string, { label: string; type: string; value: string | null }>;
        tables: Record<string, { label: string; columns: Record<string, { label: string }> }>;
      };
    }>().extraction_result;
    const { data } = document;
    expect(fields).toMatchObject({
      invoice_number: { label: 'Invoice Number', type: 'string', value: data.invoiceNumber },
      invoice_date: { label: 'Invoice Date', type: 'date', value: data.date },
      vendor_name: { label: 'Vendor Name', value: data.seller.name },
      vendor_vat_id: { label: 'Vendor VAT ID', value: data.seller.vatId },
      bill_to: { label: 'Bill To', value: data.buyer.name },
      total: { label: 'Total', type: 'currency', value: String(data.total) },
      iban: { label: 'IBAN', value: data.iban },
    });
    // One suggestion per meaning: the page's "Total" is not offered a second time.
    const labels = Object.values(fields).map((field) => field.label);
    expect(labels.filter((label) => /^total$/i.test(label))).toHaveLength(1);
    expect(tables.line_items?.label).toBe('Line Items');
    expect(Object.values(tables.line_items?.columns ?? {}).map((c) => c.label)).toEqual(
      expect.arrayContaining(['Description', 'Qty', 'Unit Price', 'Amount', 'VAT Rate']),
    );
    expect(tables.vat_breakdown?.label).toBe('VAT Breakdown');
  });
});
