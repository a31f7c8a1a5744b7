/**
 * Every Factur-X / ZUGFeRD version and profile a PDF may carry, and every name its XML is attached
 * under, is read from the attachment: values come from the XML, not from the page.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS } from '@parser/contracts';
import {
  FACTUR_X_PROFILES,
  facturXPdf,
  ZUGFERD_1_PROFILES,
  zugferd1Pdf,
  zugferd1Xml,
  zugferd1Data,
  type FacturXProfile,
  type Zugferd1Profile,
} from '@parser/test-documents';

import type { ExtractionResult } from '../src/document.js';
import { readEInvoiceXml } from '../src/einvoice/index.js';
import { extractBySchema } from '../src/extract/index.js';
import { readDocument, sniffFormat } from '../src/reading/index.js';

const invoiceType = { fields: PRESETS.invoice.fields, tables: PRESETS.invoice.tables };

const values = (result: ExtractionResult) =>
  Object.fromEntries(Object.entries(result.fields).map(([key, cell]) => [key, cell.value]));
const lines = (result: ExtractionResult) =>
  result.tables.line_items?.rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, cell]) => [key, cell.value])),
  ) ?? [];

describe('ZUGFeRD 1.0 PDF (ZUGFeRD-invoice.xml)', () => {
  it.each(['BASIC', 'COMFORT', 'EXTENDED'] as Zugferd1Profile[])(
    '%s: reads the attachment, and its values win over the page',
    async (profile) => {
      const { bytes, data, fileName } = await zugferd1Pdf({
        profile,
        // The page prints another total: only the XML can give the right one.
        misprint: { total: 4321.09 },
      });
      const doc = await readDocument(bytes, fileName);
      expect(doc.einvoice?.syntax).toBe('cii');
      expect(doc.einvoice?.profile).toBe(ZUGFERD_1_PROFILES[profile]);
      expect(doc.einvoiceProblem).toBeUndefined();

      const result = extractBySchema(doc, invoiceType);
      expect(values(result)).toMatchObject({
        invoice_number: data.invoiceNumber,
        invoice_date: data.date,
        due_date: data.dueDate,
        vendor_name: data.seller.name,
        bill_to: data.buyer.name,
        po_number: data.poNumber,
        subtotal: data.subtotal,
        tax: data.tax,
        total: data.total,
      });
      expect(result.fields.total).toMatchObject({ confidence: 1 });
      expect(result.fields.total?.origin).toEqual({
        kind: 'einvoice',
        xpath:
          '/rsm:CrossIndustryDocument/rsm:SpecifiedSupplyChainTradeTransaction/ram:ApplicableSupplyChainTradeSettlement/ram:SpecifiedTradeSettlementMonetarySummation/ram:GrandTotalAmount',
        printed: 4321.09,
      });
      // BASIC lines state quantity, amount and name; the other profiles add the net price.
      expect(lines(result)).toMatchObject(
        data.lineItems.map((item) => ({
          description: item.description,
          qty: item.qty,
          amount: item.amount,
          ...(profile === 'BASIC' ? {} : { unit_price: item.unitPrice }),
        })),
      );
      expect(result.tables.line_items?.rows[0]?.amount?.origin?.kind).toBe('einvoice');
    },
  );

  it('reads the VAT rates, units and article numbers where the profile states them', () => {
    const data = zugferd1Data();
    const comfort = readEInvoiceXml(new TextEncoder().encode(zugferd1Xml(data, 'COMFORT')));
    expect(comfort.taxes).toEqual([
      expect.objectContaining({
        category: expect.objectContaining({ value: 'S' }),
        rate: expect.objectContaining({ value: '19.00' }),
      }),
    ]);
    expect(comfort.lines.map((line) => [line.item_id?.value, line.tax_rate?.value])).toEqual(
      data.lineItems.map((_, index) => [`ART-${index + 1}`, '19.00']),
    );
    expect(comfort.lines[0]?.unit?.value).toBe(data.unitCode);

    const basic = readEInvoiceXml(new TextEncoder().encode(zugferd1Xml(data, 'BASIC')));
    expect(basic.lines.map((line) => line.unit_price)).toEqual(data.lineItems.map(() => undefined));
    expect(basic.header.amount_due?.value).toBe(data.total.toFixed(2));
  });

  it('leaves a CrossIndustryDocument in another namespace unread', () => {
    const xml = zugferd1Xml(zugferd1Data()).replace(
      'urn:ferd:CrossIndustryDocument:invoice:1p0"',
      'urn:example:not-an-invoice"',
    );
    const bytes = new TextEncoder().encode(xml);
    expect(sniffFormat(bytes)).toBeNull();
    expect(() => readEInvoiceXml(bytes)).toThrow(/not an e-invoice that can be read/);
  });
});

describe('Factur-X / ZUGFeRD 2.x profiles', () => {
  it.each(Object.keys(FACTUR_X_PROFILES) as FacturXProfile[])(
    '%s: reads the header, and the lines where the profile has them',
    async (profile) => {
      const { bytes, data, fileName } = await facturXPdf({
        profile,
        invoiceNumber: `FX-${profile.replace(/\W/g, '')}-11`,
        misprint: { total: 1234.56 },
      });
      const doc = await readDocument(bytes, fileName);
      expect(doc.einvoice?.profile).toBe(FACTUR_X_PROFILES[profile].id);
      const result = extractBySchema(doc, invoiceType);
      expect(values(result)).toMatchObject({
        invoice_number: data.invoiceNumber,
        invoice_date: data.date,
        vendor_name: data.seller.name,
        bill_to: data.buyer.name,
        total: data.total,
      });
      expect(result.fields.total?.origin?.printed).toBe(1234.56);
      const stated = FACTUR_X_PROFILES[profile].content === 'full';
      expect(doc.einvoice?.lines).toHaveLength(stated ? data.lineItems.length : 0);
      // Without lines in the XML (MINIMUM, BASIC WL) the page's lines are still read.
      expect(lines(result).map((line) => line.description)).toEqual(
        data.lineItems.map((item) => item.description),
      );
      expect(result.tables.line_items?.rows[0]?.description?.origin?.kind).toBe(
        stated ? 'einvoice' : undefined,
      );
    },
  );
});

describe('names of the attached XML', () => {
  it.each(['factur-x.xml', 'zugferd-invoice.xml', 'ZUGFeRD-invoice.xml', 'xrechnung.xml'])(
    'finds the e-invoice attached as %s',
    async (attachmentName) => {
      const { bytes, data, fileName } = await facturXPdf({ attachmentName });
      const doc = await readDocument(bytes, fileName);
      expect(doc.einvoice?.header.invoice_number?.value).toBe(data.invoiceNumber);
      expect(doc.einvoice?.header.amount_due?.value).toBe(data.total.toFixed(2));
    },
  );
});
