/**
 * UBL invoices with thousands of lines, as a wholesaler's monthly statement or a utility's
 * per-meter bill arrives: the same Peppol BIS 3.0 file `ublInvoice` writes, only long. Each line
 * differs (article, quantity, price), so a reader that confuses one line with another shows it.
 */
import type { GeneratedDocument } from './document.js';
import {
  einvoiceData,
  type EInvoiceData,
  type EInvoiceOptions,
  ublXml,
  XML_CONTENT_TYPE,
} from './einvoice.js';
import type { LineItemInput } from './invoice.js';

const ARTICLES = [
  'Copy paper A4 80 g',
  'Ballpoint pen blue',
  'Stapler heavy duty',
  'Lever arch file',
  'Whiteboard marker set',
  'Sticky notes 76 x 76',
  'Envelope C5 window',
  'Desk organiser',
  'USB-C cable 2 m',
  'Printer toner black',
  'Label roll 62 mm',
  'Cable ties 200 mm',
  'Packing tape brown',
];

/**
 * Line `index` (0-based) of a long invoice: a numbered article, a quantity of 1–9 and a price
 * between 0.50 and 99.49, varied so that neighbouring lines never share all three.
 */
export function largeInvoiceLine(index: number): LineItemInput {
  const article = ARTICLES[index % ARTICLES.length]!;
  return {
    description: `${article} no. ${index + 1}`,
    qty: (index % 9) + 1,
    unitPrice: ((index * 7919) % 9900) / 100 + 0.5,
  };
}

export interface LargeEInvoiceOptions extends Omit<EInvoiceOptions, 'lineItems'> {
  /**
   * Every n-th line (the n-th, 2n-th…) carries a 10% line discount that its amount includes, as
   * the line's AllowanceCharge states: qty × unit price is then not the line's amount.
   */
  discountEvery?: number;
  /**
   * A discount on the whole invoice (BG-20), so the lines add up to more than the subtotal
   * (TaxExclusiveAmount) the tax is worked out from.
   */
  documentAllowance?: number;
}

/** What a long invoice states beyond `EInvoiceData`: the sum of its lines and its discount. */
export interface LargeEInvoiceData extends EInvoiceData {
  /** Σ line amounts (BT-106); the subtotal is this less `documentAllowance`. */
  lineTotal: number;
  documentAllowance: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;
const LINE_DISCOUNT = 0.1;

/** The discount element UBL puts in a line, before its Item. */
const lineAllowanceXml = (base: number, amount: number, currency: string) => `
    <cac:AllowanceCharge>
      <cbc:ChargeIndicator>false</cbc:ChargeIndicator>
      <cbc:AllowanceChargeReason>Volume discount</cbc:AllowanceChargeReason>
      <cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric>
      <cbc:Amount currencyID="${currency}">${amount.toFixed(2)}</cbc:Amount>
      <cbc:BaseAmount currencyID="${currency}">${base.toFixed(2)}</cbc:BaseAmount>
    </cac:AllowanceCharge>`;

/**
 * A Peppol UBL invoice with `lineCount` lines (15,000 lines make about 9.8 MB, under the 10 MB an
 * e-invoice may have). `data` holds every line and the totals as the XML states them.
 */
export function largeUblInvoice(
  lineCount: number,
  options: LargeEInvoiceOptions = {},
): GeneratedDocument & { data: LargeEInvoiceData } {
  const { discountEvery, documentAllowance = 0, ...invoiceOptions } = options;
  const lineItems = Array.from({ length: lineCount }, (_, index) => largeInvoiceLine(index));
  const plain = einvoiceData({
    invoiceNumber: `INV-2024-L${lineCount}`,
    ...invoiceOptions,
    lineItems,
  });
  const discounted = (index: number) =>
    discountEvery !== undefined && discountEvery > 0 && (index + 1) % discountEvery === 0;
  const lines = plain.lineItems.map((item, index) =>
    discounted(index) ? { ...item, amount: cents(item.amount * (1 - LINE_DISCOUNT)) } : item,
  );
  const lineTotal = cents(lines.reduce((sum, item) => sum + item.amount, 0));
  const subtotal = cents(lineTotal - documentAllowance);
  const tax = cents(subtotal * plain.taxRate);
  const data: LargeEInvoiceData = {
    ...plain,
    lineItems: lines,
    lineTotal,
    documentAllowance,
    subtotal,
    tax,
    total: cents(subtotal + tax),
  };
  return {
    bytes: new TextEncoder().encode(withDiscounts(ublXml(data, 'invoice'), data, discounted)),
    fileName: `ubl-${data.invoiceNumber}.xml`,
    contentType: XML_CONTENT_TYPE,
    data,
  };
}

/**
 * `ublXml` writes the subtotal as the sum of the lines and no discounts: this adds the line
 * discounts' elements, the invoice's own discount and the sum of the lines where they differ.
 */
function withDiscounts(
  xml: string,
  data: LargeEInvoiceData,
  discounted: (index: number) => boolean,
): string {
  const c = data.currency;
  let out = xml;
  if (data.lineItems.some((_, index) => discounted(index))) {
    let index = -1;
    out = out.replace(/<\/cbc:LineExtensionAmount>\n {4}<cac:Item>/g, (whole) => {
      index++;
      if (!discounted(index)) return whole;
      const item = data.lineItems[index]!;
      const base = cents(item.qty * item.unitPrice);
      return whole.replace(
        '\n    <cac:Item>',
        `${lineAllowanceXml(base, cents(base - item.amount), c)}\n    <cac:Item>`,
      );
    });
  }
  if (data.documentAllowance > 0) {
    out = out
      .replace(
        '  <cac:TaxTotal>',
        `  <cac:AllowanceCharge>
    <cbc:ChargeIndicator>false</cbc:ChargeIndicator>
    <cbc:AllowanceChargeReason>Loyalty discount</cbc:AllowanceChargeReason>
    <cbc:Amount currencyID="${c}">${data.documentAllowance.toFixed(2)}</cbc:Amount>
    <cac:TaxCategory>
      <cbc:ID>S</cbc:ID>
      <cbc:Percent>${(data.taxRate * 100).toFixed(2)}</cbc:Percent>
      <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
    </cac:TaxCategory>
  </cac:AllowanceCharge>
  <cac:TaxTotal>`,
      )
      .replace(
        /(<cac:LegalMonetaryTotal>\n {4}<cbc:LineExtensionAmount currencyID="[A-Z]{3}">)[\d.]+/,
        `$1${data.lineTotal.toFixed(2)}`,
      )
      .replace(
        '    <cbc:PayableAmount',
        `    <cbc:AllowanceTotalAmount currencyID="${c}">${data.documentAllowance.toFixed(2)}</cbc:AllowanceTotalAmount>\n    <cbc:PayableAmount`,
      );
  }
  return out;
}
