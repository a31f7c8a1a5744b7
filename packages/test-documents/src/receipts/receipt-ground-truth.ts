/**
 * The expected values of a corpus receipt in the flat shape of the public receipt data sets
 * (SROIE's `company`, `date`, `address`, `total`) plus the totals block, the items and `meta` to
 * group results by; written as `<name>.gt.json` beside the document.
 */
import { centsText, type GroundTruthLine, scanMeta } from '../corpus/ground-truth.js';
import type { ScanSettings } from '../corpus/render-scan.js';
import type { ReceiptInconsistency, ReceiptValues, TaxMode } from './receipt-model.js';
import type { ReceiptText } from './receipt-text.js';

export interface ReceiptMeta {
  layout: string;
  language: string;
  country: string;
  /** e.g. "dd/mm/yyyy", "dd-mm-yy", "yyyy-mm-dd", "dd MMM yyyy". */
  date_format: string;
  time: string;
  /** e.g. "1.234,56". */
  number_format: string;
  paper_mm: number;
  font: string;
  item_count: number;
  tax_mode: TaxMode;
  /** 0 when no tax is shown. */
  tax_rate: number;
  service_rate: number;
  subtotal_printed: boolean;
  /** Whether a cash rounding line is printed. */
  rounding: boolean;
  payment: 'cash' | 'card';
  scanned: boolean;
  format: 'pdf' | 'jpeg' | 'png';
  pages: number;
  scan?: { dpi: number; skew: number; noise: number; jpeg_quality: number; fade: number };
  inconsistency?: ReceiptInconsistency;
}

/**
 * Field values are strings: ISO date, amounts as plain decimals ("12.30", signed for the rounding),
 * ISO 4217 currency. Optional fields are present when the receipt prints them; `subtotal` is always
 * given (when not printed it is the sum of the item amounts).
 */
export interface ReceiptGroundTruth {
  company: string;
  date: string;
  /** The address lines joined with ", ", without the company name. */
  address: string;
  total: string;
  subtotal: string;
  /** The added or included tax; absent when the receipt shows none. */
  tax?: string;
  service_charge?: string;
  discount?: string;
  rounding?: string;
  currency: string;
  receipt_number: string;
  payment_method: 'cash' | 'card';
  cash_tendered?: string;
  change?: string;
  lines: GroundTruthLine[];
  meta: ReceiptMeta;
}

export interface ReceiptGroundTruthInput {
  values: ReceiptValues;
  text: ReceiptText;
  layout: string;
  paperMm: number;
  font: string;
  pages: number;
  scan: ScanSettings | null;
  format: ReceiptMeta['format'];
}

export function receiptGroundTruth(input: ReceiptGroundTruthInput): ReceiptGroundTruth {
  const { values, text, scan } = input;
  const meta: ReceiptMeta = {
    layout: input.layout,
    language: values.locale.language,
    country: values.locale.country.code,
    date_format: text.dateFormat,
    time: text.time,
    number_format: text.amount(123456),
    paper_mm: input.paperMm,
    font: input.font,
    item_count: values.lines.length,
    tax_mode: values.taxMode,
    tax_rate: values.taxRate,
    service_rate: values.serviceRate,
    subtotal_printed: values.subtotalPrinted,
    rounding: values.rounding !== null,
    payment: values.payment,
    scanned: scan !== null,
    format: input.format,
    pages: input.pages,
    ...(scan ? { scan: { ...scanMeta(scan), fade: scan.fade ?? 0 } } : {}),
    ...(values.inconsistency ? { inconsistency: values.inconsistency } : {}),
  };
  return {
    company: values.merchant.name,
    date: values.date,
    address: values.merchant.address.join(', '),
    total: centsText(values.total),
    subtotal: centsText(values.subtotal),
    ...(values.taxMode !== 'none' ? { tax: centsText(values.tax) } : {}),
    ...(values.service > 0 ? { service_charge: centsText(values.service) } : {}),
    ...(values.discount > 0 ? { discount: centsText(values.discount) } : {}),
    ...(values.rounding !== null ? { rounding: centsText(values.rounding) } : {}),
    currency: values.locale.country.currency,
    receipt_number: values.receiptNumber,
    payment_method: values.payment,
    ...(values.tendered !== null ? { cash_tendered: centsText(values.tendered) } : {}),
    ...(values.change !== null ? { change: centsText(values.change) } : {}),
    lines: values.lines.map((line) => ({
      description: line.description,
      qty: String(line.qty),
      unit_price: centsText(line.unitPrice),
      amount: centsText(line.amount),
    })),
    meta,
  };
}
