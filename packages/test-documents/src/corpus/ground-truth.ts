/**
 * The expected values of a corpus invoice in the data set format the extraction bench reads
 * (`<name>.gt.json` beside the document): a flat object of field → string, `lines`, and `meta` to
 * group results by.
 */
import type { DateOrder } from './formats.js';
import type { Inconsistency, InvoiceValues } from './invoice-model.js';
import type { Presentation } from './presentation.js';
import type { ScanSettings } from './render-scan.js';

export interface GroundTruthLine {
  description: string;
  qty: string;
  unit_price: string;
  amount: string;
}

export interface CorpusMeta {
  layout: string;
  language: string;
  country: string;
  /** Order of the printed numeric dates (also recorded for written ones, from the country's habit). */
  date_order: DateOrder;
  date_style: 'numeric' | 'written';
  /** e.g. "1.234,56". */
  number_format: string;
  vendor_position: 'left' | 'right' | 'top' | 'bottom';
  tax_mode: 'per_line' | 'total';
  tax_rates: number[];
  line_count: number;
  multi_line_descriptions: boolean;
  scanned: boolean;
  format: 'pdf' | 'jpeg' | 'png';
  pages: number;
  scan?: { dpi: number; skew: number; noise: number; jpeg_quality: number; fade?: number };
}

/** Field values are strings: ISO dates, amounts as plain decimals ("1234.50"), ISO 4217 currency. */
export interface InvoiceGroundTruth {
  invoice_number: string;
  date: string;
  due_date?: string;
  vendor: string;
  vendor_tax_id?: string;
  bill_to: string;
  subtotal: string;
  tax: string;
  total: string;
  currency: string;
  po_number?: string;
  lines: GroundTruthLine[];
  meta: CorpusMeta;
  inconsistency?: Inconsistency;
}

export const centsText = (cents: number): string => (cents / 100).toFixed(2);

export interface GroundTruthInput {
  values: InvoiceValues;
  text: Presentation;
  layout: string;
  vendorPosition: CorpusMeta['vendor_position'];
  pages: number;
  multiLine: boolean;
  scan: ScanSettings | null;
  format: CorpusMeta['format'];
}

/** A scan's settings as the ground truth's `meta.scan` records them (a fade only when asked for). */
export function scanMeta(scan: ScanSettings) {
  return {
    dpi: scan.dpi,
    skew: scan.skew,
    noise: scan.noise,
    jpeg_quality: scan.jpegQuality,
    ...(scan.fade === undefined ? {} : { fade: scan.fade }),
  };
}

export function groundTruth(input: GroundTruthInput): InvoiceGroundTruth {
  const { values, text, scan } = input;
  const truth: InvoiceGroundTruth = {
    invoice_number: values.invoiceNumber,
    date: values.date,
    ...(values.dueDate ? { due_date: values.dueDate } : {}),
    vendor: values.vendor.name,
    ...(values.vendor.taxId ? { vendor_tax_id: values.vendor.taxId } : {}),
    bill_to: values.billTo.name,
    subtotal: centsText(values.subtotal),
    tax: centsText(values.tax),
    total: centsText(values.total),
    currency: values.country.currency,
    ...(values.poNumber ? { po_number: values.poNumber } : {}),
    lines: values.lines.map((line) => ({
      description: line.description,
      qty: String(line.qty),
      unit_price: centsText(line.unitPrice),
      amount: centsText(line.amount),
    })),
    meta: {
      layout: input.layout,
      language: values.country.language,
      country: values.country.code,
      date_order: text.dateOrder,
      date_style: text.dateKind,
      number_format: text.amount(123456, false),
      vendor_position: input.vendorPosition,
      tax_mode: values.taxMode,
      tax_rates: values.taxes.map((group) => group.rate),
      line_count: values.lines.length,
      multi_line_descriptions: input.multiLine,
      scanned: scan !== null,
      format: input.format,
      pages: input.pages,
      ...(scan ? { scan: scanMeta(scan) } : {}),
    },
  };
  if (values.inconsistency) truth.inconsistency = values.inconsistency;
  return truth;
}
