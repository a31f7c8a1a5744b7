import { describe, expect, it } from 'vitest';
import { PRESETS, type FieldDefinition, type TableDefinition } from '@parser/contracts';
import {
  addressLine,
  billionLaughsXml,
  ciiXml,
  ciiXRechnung,
  einvoiceData,
  facturXPdf,
  invoicePdf,
  truncatedInvoiceXml,
  ublCreditNote,
  ublInvoice,
  xxeInvoiceXml,
  zugferd1Invoice,
  type EInvoiceData,
} from '@parser/test-documents';

import { runReconciliation, type AgentDocument } from '../src/agents/index.js';
import type { ExtractionResult } from '../src/document.js';
import {
  keepEInvoiceValues,
  readEInvoiceXml,
  withEInvoiceSuggestion,
} from '../src/einvoice/index.js';
import { headerTermOf } from '../src/einvoice/terms.js';
import { extractBySchema, suggestSchema } from '../src/extract/index.js';
import { inspectDocument, readDocument, sniffFormat } from '../src/reading/index.js';
import { field } from './extract-helpers.js';

/** A type asking for every term an e-invoice states, named as a clerk would name them. */
const einvoiceSchema: { fields: FieldDefinition[]; tables: TableDefinition[] } = {
  fields: [
    field('invoice_number', 'Invoice Number', 'string'),
    field('invoice_date', 'Invoice Date', 'date'),
    field('due_date', 'Due Date', 'date'),
    field('currency', 'Currency', 'string'),
    field('po_number', 'PO Number', 'string'),
    field('buyer_reference', 'Buyer Reference', 'string'),
    field('vendor_name', 'Vendor Name', 'string'),
    field('vendor_vat_id', 'Vendor VAT ID', 'string'),
    field('tax_number', 'Tax Number', 'string'),
    field('vendor_address', 'Vendor Address', 'string'),
    field('bill_to', 'Bill To', 'string'),
    field('customer_vat_id', 'Customer VAT ID', 'string'),
    field('customer_address', 'Customer Address', 'string'),
    field('subtotal', 'Subtotal', 'currency'),
    field('tax', 'Tax', 'currency'),
    field('total', 'Total', 'currency'),
    field('amount_due', 'Amount Due', 'currency'),
    field('payment_terms', 'Payment Terms', 'string'),
    field('iban', 'IBAN', 'string'),
  ],
  tables: [
    {
      key: 'line_items',
      label: 'Line Items',
      columns: [
        { key: 'code', label: 'Item Code', type: 'string' },
        { key: 'description', label: 'Description', type: 'string' },
        { key: 'qty', label: 'Qty', type: 'number' },
        { key: 'unit', label: 'Unit', type: 'string' },
        { key: 'unit_price', label: 'Unit Price', type: 'currency' },
        { key: 'amount', label: 'Amount', type: 'currency' },
        { key: 'vat_rate', label: 'VAT Rate', type: 'number' },
      ],
    },
    {
      key: 'vat_breakdown',
      label: 'VAT Breakdown',
      columns: [
        { key: 'category', label: 'Category', type: 'string' },
        { key: 'rate', label: 'Rate', type: 'number' },
        { key: 'taxable_amount', label: 'Taxable Amount', type: 'currency' },
        { key: 'tax_amount', label: 'Tax Amount', type: 'currency' },
      ],
    },
  ],
};

const values = (result: ExtractionResult) =>
  Object.fromEntries(Object.entries(result.fields).map(([key, cell]) => [key, cell.value]));
const rows = (result: ExtractionResult, table: string) =>
  result.tables[table]?.rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, cell]) => [key, cell.value])),
  );

/** What every mapped field and cell must read, from the values the generator wrote into the XML. */
function expected(data: EInvoiceData) {
  return {
    fields: {
      invoice_number: data.invoiceNumber,
      invoice_date: data.date,
      due_date: data.dueDate,
      currency: data.currency,
      po_number: data.poNumber,
      buyer_reference: data.buyerReference,
      vendor_name: data.seller.name,
      vendor_vat_id: data.seller.vatId,
      tax_number: data.sellerTaxNumber,
      vendor_address: addressLine(data.seller),
      bill_to: data.buyer.name,
      customer_vat_id: data.buyer.vatId,
      customer_address: addressLine(data.buyer),
      subtotal: data.subtotal,
      tax: data.tax,
      total: data.total,
      amount_due: data.total,
      payment_terms: data.paymentTerms,
      iban: data.iban,
    },
    lines: data.lineItems.map((item, index) => ({
      code: `ART-${index + 1}`,
      description: item.description,
      qty: item.qty,
      unit: data.unitCode,
      unit_price: item.unitPrice,
      amount: item.amount,
      vat_rate: data.taxRate * 100,
    })),
    taxes: [
      {
        category: 'S',
        rate: data.taxRate * 100,
        taxable_amount: data.subtotal,
        tax_amount: data.tax,
      },
    ],
  };
}

describe.each([
  ['UBL invoice (Peppol BIS 3.0)', ublInvoice, 'ubl_invoice', 'invoice'],
  ['UBL credit note (Peppol BIS 3.0)', ublCreditNote, 'ubl_credit_note', 'credit_note'],
  ['CII XRechnung', ciiXRechnung, 'cii', 'invoice'],
  ['ZUGFeRD 1.0 (COMFORT)', zugferd1Invoice, 'cii', 'invoice'],
] as const)('%s', (_name, generate, syntax, kind) => {
  it('is recognised by its content and read as an e-invoice', async () => {
    const { bytes } = generate();
    expect(sniffFormat(bytes)).toBe('xml');
    expect(await inspectDocument(bytes)).toEqual({ format: 'xml', pages: 1 });
    const invoice = readEInvoiceXml(bytes);
    expect(invoice.syntax).toBe(syntax);
    expect(invoice.kind).toBe(kind);
  });

  it('fills every mapped field and table cell exactly, with confidence 1 and the XPath', async () => {
    const { bytes, data, fileName } = generate();
    const doc = await readDocument(bytes, fileName);
    const result = extractBySchema(doc, einvoiceSchema);
    const want = expected(data);
    expect(values(result)).toEqual(want.fields);
    expect(rows(result, 'line_items')).toEqual(want.lines);
    expect(rows(result, 'vat_breakdown')).toEqual(want.taxes);
    for (const cell of [
      ...Object.values(result.fields),
      ...Object.values(result.tables).flatMap((t) => t.rows.flatMap((r) => Object.values(r))),
    ]) {
      expect(cell.confidence).toBe(1);
      // XML alone has no printed page to point at.
      expect(cell.source).toBeNull();
      expect(cell.origin?.kind).toBe('einvoice');
      expect(cell.origin?.xpath).toMatch(
        /^\/(Invoice|CreditNote|rsm:CrossIndustryInvoice|rsm:CrossIndustryDocument)\//,
      );
    }
    expect(result.fields.total?.currency).toBe('EUR');
  });

  it("fills the built-in Invoice type's fields by their labels", async () => {
    const { bytes, data, fileName } = generate();
    const doc = await readDocument(bytes, fileName);
    const result = extractBySchema(doc, {
      fields: PRESETS.invoice.fields,
      tables: PRESETS.invoice.tables,
    });
    expect(values(result)).toEqual({
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
    expect(rows(result, 'line_items')).toEqual(
      data.lineItems.map((item) => ({
        description: item.description,
        qty: item.qty,
        unit_price: item.unitPrice,
        amount: item.amount,
      })),
    );
  });
});

describe('XPaths of e-invoice values', () => {
  it('point at the element the value was read from, indexed where siblings repeat', async () => {
    const { bytes, fileName } = ublInvoice();
    const result = extractBySchema(await readDocument(bytes, fileName), einvoiceSchema);
    expect(result.fields.total?.origin?.xpath).toBe(
      '/Invoice/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount',
    );
    expect(result.fields.vendor_vat_id?.origin?.xpath).toBe(
      '/Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme[1]/cbc:CompanyID',
    );
    expect(result.tables.line_items?.rows[1]?.qty?.origin?.xpath).toBe(
      '/Invoice/cac:InvoiceLine[2]/cbc:InvoicedQuantity',
    );
    expect(result.tables.line_items?.rows[1]?.unit?.origin?.xpath).toBe(
      '/Invoice/cac:InvoiceLine[2]/cbc:InvoicedQuantity/@unitCode',
    );
  });
});

describe('Factur-X PDF with embedded CII', () => {
  it('reads the page and the embedded XML; values come from the XML with the page boxes', async () => {
    const { bytes, data, fileName } = await facturXPdf();
    expect(sniffFormat(bytes)).toBe('pdf');
    const doc = await readDocument(bytes, fileName);
    expect(doc.format).toBe('pdf');
    expect(doc.einvoice?.syntax).toBe('cii');
    expect(doc.einvoice?.profile).toBe('urn:cen.eu:en16931:2017');
    expect(doc.text).toContain(data.invoiceNumber);
    const result = extractBySchema(doc, einvoiceSchema);
    const want = expected(data);
    expect(values(result)).toEqual(want.fields);
    expect(rows(result, 'line_items')).toEqual(want.lines);
    const total = result.fields.total;
    expect(total).toMatchObject({ value: data.total, confidence: 1 });
    expect(total?.origin).toEqual({
      kind: 'einvoice',
      xpath:
        '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:GrandTotalAmount',
    });
    // The printed total agrees, so the preview can still point at it on the page.
    expect(total?.source?.page).toBe(1);
  });

  it('keeps the printed total beside the XML total when the two differ', async () => {
    const { bytes, data, fileName } = await facturXPdf({ misprint: { total: 9999.99 } });
    const result = extractBySchema(await readDocument(bytes, fileName), einvoiceSchema);
    expect(result.fields.total?.value).toBe(data.total);
    expect(result.fields.total?.origin?.printed).toBe(9999.99);
    expect(result.fields.subtotal?.origin?.printed).toBeUndefined();
  });

  it('reads a PDF without an attachment as before', async () => {
    const { bytes, fileName } = await invoicePdf();
    const doc = await readDocument(bytes, fileName);
    expect(doc.einvoice).toBeUndefined();
    const result = extractBySchema(doc, einvoiceSchema);
    expect(result.fields.total?.origin).toBeUndefined();
  });
});

describe('unsafe and malformed XML', () => {
  it.each([
    ['an external entity (XXE)', xxeInvoiceXml, /declares a document type or entities/],
    ['entity expansion (billion laughs)', billionLaughsXml, /declares a document type or entities/],
    ['cut off in the middle', truncatedInvoiceXml, /not well-formed XML/],
  ])('refuses XML with %s, with the reason', async (_name, generate, reason) => {
    const { bytes, fileName } = generate();
    // Recognised as an e-invoice, so the refusal says why instead of "unsupported".
    expect(sniffFormat(bytes)).toBe('xml');
    await expect(readDocument(bytes, fileName)).rejects.toMatchObject({
      name: 'DocumentReadError',
      userMessage: expect.stringMatching(reason),
    });
    await expect(inspectDocument(bytes, fileName)).rejects.toMatchObject({
      userMessage: expect.stringMatching(reason),
    });
  });

  it('never reads the file an external entity names', async () => {
    const { bytes } = xxeInvoiceXml();
    expect(() => readEInvoiceXml(bytes)).toThrow(/e-invoice XML cannot be read/);
  });

  it('refuses nesting deeper than any e-invoice', () => {
    const deep = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">${'<a>'.repeat(500)}x${'</a>'.repeat(500)}</Invoice>`;
    expect(() => readEInvoiceXml(new TextEncoder().encode(deep))).toThrow(/nest too deeply/);
  });

  it('leaves other XML unsupported', () => {
    const rss = new TextEncoder().encode(
      '<?xml version="1.0"?><rss><channel><title>Invoice</title></channel></rss>',
    );
    expect(sniffFormat(rss)).toBeNull();
    const wrongNamespace = new TextEncoder().encode(
      '<Invoice xmlns="urn:example:orders"><ID>1</ID></Invoice>',
    );
    expect(sniffFormat(wrongNamespace)).toBeNull();
  });
});

describe('reconciliation of a Factur-X PDF against its printed page', () => {
  const settings = { usualDateOrder: null, usualCurrency: null, today: '2030-01-01' };
  const agentDocument = (values: ExtractionResult, text: string): AgentDocument => ({
    fields: PRESETS.invoice.fields.map((f) => ({ ...f, required: f.required ?? false })),
    tables: PRESETS.invoice.tables,
    values,
    locked: [],
    text,
  });
  const schema = { fields: PRESETS.invoice.fields, tables: PRESETS.invoice.tables };

  it('flags a printed total that differs from the embedded XML, naming both', async () => {
    const { bytes, data, fileName } = await facturXPdf({ misprint: { total: 9999.99 } });
    const doc = await readDocument(bytes, fileName);
    const report = runReconciliation(
      agentDocument(extractBySchema(doc, schema), doc.text),
      [],
      settings,
    );
    const failed = report.checks.filter((c) => c.kind === 'einvoice' && c.status === 'fail');
    expect(failed).toEqual([
      {
        kind: 'einvoice',
        status: 'fail',
        message: `Total: the embedded e-invoice XML says "${data.total}", the printed invoice shows "9999.99"`,
        fields: [{ field: 'total' }],
      },
    ]);
  });

  it('passes an untampered Factur-X PDF', async () => {
    const { bytes, fileName } = await facturXPdf();
    const doc = await readDocument(bytes, fileName);
    const report = runReconciliation(
      agentDocument(extractBySchema(doc, schema), doc.text),
      [],
      settings,
    );
    const checks = report.checks.filter((c) => c.kind === 'einvoice');
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({
      status: 'pass',
      message: 'The printed invoice agrees with its embedded e-invoice XML',
    });
    expect(checks[0]?.fields).toContainEqual({ field: 'total' });
  });

  it('adds no e-invoice check for XML alone or a PDF without XML', async () => {
    for (const { bytes, fileName } of [ublInvoice(), await invoicePdf()]) {
      const doc = await readDocument(bytes, fileName);
      const report = runReconciliation(
        agentDocument(extractBySchema(doc, schema), doc.text),
        [],
        settings,
      );
      expect(report.checks.filter((c) => c.kind === 'einvoice')).toEqual([]);
    }
  });
});

describe('keepEInvoiceValues', () => {
  it("puts the XML's values back over a later pass, leaving that pass's other values", async () => {
    const { bytes, data, fileName } = await facturXPdf();
    const engine = extractBySchema(await readDocument(bytes, fileName), einvoiceSchema);
    const later: ExtractionResult = {
      fields: {
        ...engine.fields,
        total: { value: 1, confidence: 0.9, source: null },
        extra: { value: 'kept', confidence: 0.9, source: null },
      },
      tables: { line_items: { rows: [] } },
    };
    const kept = keepEInvoiceValues(later, engine);
    expect(kept.fields.total?.value).toBe(data.total);
    expect(kept.fields.extra?.value).toBe('kept');
    expect(kept.tables.line_items?.rows).toHaveLength(data.lineItems.length);
  });
});

describe('a PDF whose embedded e-invoice XML is unusable', () => {
  it.each([
    ['malformed', () => ciiXml(einvoiceData()).slice(0, 900), 'it is not well-formed XML'],
    [
      'unsafe (an external entity)',
      () => new TextDecoder().decode(xxeInvoiceXml().bytes),
      'it declares a document type or entities, which e-invoices never use',
    ],
  ])('is read from its pages when the XML is %s, with the reason kept', async (_n, xml, reason) => {
    const { bytes, data, fileName } = await facturXPdf({ embeddedXml: xml() });
    const doc = await readDocument(bytes, fileName);
    expect(doc.einvoice).toBeUndefined();
    expect(doc.einvoiceProblem).toBe(reason);
    const result = extractBySchema(doc, einvoiceSchema);
    expect(result.fields.total?.value).toBe(data.total);
    expect(result.fields.total?.origin).toBeUndefined();
    expect(result.fields.total?.source?.page).toBe(1);
  });

  it('has no problem to report for a sound Factur-X PDF or a PDF without XML', async () => {
    for (const { bytes, fileName } of [await facturXPdf(), await invoicePdf()]) {
      expect((await readDocument(bytes, fileName)).einvoiceProblem).toBeUndefined();
    }
  });
});

describe('line items of a Factur-X PDF against its printed page', () => {
  const settings = { usualDateOrder: null, usualCurrency: null, today: '2030-01-01' };
  const schema = { fields: PRESETS.invoice.fields, tables: PRESETS.invoice.tables };
  const agentDocument = (values: ExtractionResult, text: string): AgentDocument => ({
    fields: PRESETS.invoice.fields.map((f) => ({ ...f, required: f.required ?? false })),
    tables: PRESETS.invoice.tables,
    values,
    locked: [],
    text,
  });

  it("flags a printed line amount that differs from the XML's line, naming both", async () => {
    const { bytes, data, fileName } = await facturXPdf({
      misprint: { lineAmounts: { 1: 999.99 } },
    });
    const doc = await readDocument(bytes, fileName);
    const result = extractBySchema(doc, schema);
    const cell = result.tables.line_items?.rows[1]?.amount;
    expect(cell?.value).toBe(data.lineItems[1]!.amount);
    expect(cell?.origin?.printed).toBe(999.99);
    expect(result.tables.line_items?.rows[0]?.amount?.origin?.printed).toBeUndefined();

    const report = runReconciliation(agentDocument(result, doc.text), [], settings);
    const failed = report.checks.filter((c) => c.kind === 'einvoice' && c.status === 'fail');
    expect(failed).toEqual([
      {
        kind: 'einvoice',
        status: 'fail',
        message: `Line Items row 2 Amount: the embedded e-invoice XML says "${data.lineItems[1]!.amount}", the printed invoice shows "999.99"`,
        fields: [{ table: 'line_items', row: 1, column: 'amount' }],
      },
    ]);
  });

  it('counts agreeing line cells among the values compared', async () => {
    const { bytes, fileName } = await facturXPdf();
    const doc = await readDocument(bytes, fileName);
    const report = runReconciliation(
      agentDocument(extractBySchema(doc, schema), doc.text),
      [],
      settings,
    );
    const passed = report.checks.find((c) => c.kind === 'einvoice' && c.status === 'pass');
    expect(passed?.fields).toContainEqual({ table: 'line_items', row: 0, column: 'amount' });
  });
});

describe('Quick Setup from an e-invoice example', () => {
  it.each([
    ['UBL invoice', () => Promise.resolve(ublInvoice())],
    ['UBL credit note', () => Promise.resolve(ublCreditNote())],
    ['CII XRechnung', () => Promise.resolve(ciiXRechnung())],
    ['Factur-X PDF', () => facturXPdf()],
  ])('suggests the %s terms the XML carries, each read back from the XML', async (_n, generate) => {
    const { bytes, data, fileName } = await generate();
    const doc = await readDocument(bytes, fileName);
    const schema = withEInvoiceSuggestion(suggestSchema(doc), doc.einvoice!);
    const result = extractBySchema(doc, schema);

    // One field per term the XML states, never two for the same term.
    const terms = schema.fields.map((f) => headerTermOf(f)).filter((t) => t !== null);
    expect(new Set(terms).size).toBe(terms.length);
    const credit = doc.einvoice!.kind === 'credit_note';
    const byLabel = Object.fromEntries(
      schema.fields.map((f) => [f.label, result.fields[f.key]?.value]),
    );
    expect(byLabel).toMatchObject({
      [credit ? 'Credit Note Number' : 'Invoice Number']: data.invoiceNumber,
      [credit ? 'Issue Date' : 'Invoice Date']: data.date,
      'Due Date': data.dueDate,
      'Vendor Name': data.seller.name,
      'Vendor VAT ID': data.seller.vatId,
      'Vendor Address': addressLine(data.seller),
      'Bill To': data.buyer.name,
      'Customer VAT ID': data.buyer.vatId,
      Subtotal: data.subtotal,
      Tax: data.tax,
      Total: data.total,
      'PO Number': data.poNumber,
      IBAN: data.iban,
      'Payment Terms': data.paymentTerms,
    });
    for (const field of schema.fields.filter((f) => headerTermOf(f) !== null)) {
      expect(result.fields[field.key]?.origin?.kind, field.label).toBe('einvoice');
    }

    expect(schema.tables.map((t) => t.label)).toEqual(['Line Items', 'VAT Breakdown']);
    expect(rows(result, 'line_items')).toEqual(
      expected(data).lines.map(({ code, ...line }, index) => ({
        line_no: String(index + 1),
        item_code: code,
        ...line,
      })),
    );
    expect(rows(result, 'vat_breakdown')).toEqual(expected(data).taxes);
  });

  it('keeps what the engine suggests besides the XML terms', () => {
    const invoice = readEInvoiceXml(ublInvoice().bytes);
    const merged = withEInvoiceSuggestion(
      {
        fields: [
          { key: 'total', label: 'Grand Total', type: 'currency' },
          { key: 'order_number', label: 'Order Number', type: 'string' },
        ],
        tables: [
          {
            key: 'line_items',
            label: 'Line Items',
            columns: [
              { key: 'description', label: 'Description', type: 'string' },
              { key: 'amount', label: 'Amount', type: 'currency' },
            ],
          },
          {
            key: 'line_items_2',
            label: 'Shipments',
            columns: [{ key: 'tracking', label: 'Tracking', type: 'string' }],
          },
        ],
      },
      invoice,
    );
    const labels = merged.fields.map((f) => f.label);
    expect(labels).toContain('Order Number');
    expect(labels).toContain('Total');
    expect(labels).not.toContain('Grand Total');
    expect(merged.tables.map((t) => t.label)).toEqual(['Line Items', 'VAT Breakdown', 'Shipments']);
    expect(new Set(merged.tables.map((t) => t.key)).size).toBe(3);
  });
});
