import type { ExtractedValue, ExtractionResult } from '../src/document.js';
import type {
  AgentDocument,
  AgentFieldDef,
  AgentSettings,
  AgentTableDef,
} from '../src/agents/index.js';

/** The invoice preset's fields and line items, as a document type defines them. */
export const INVOICE_FIELDS: AgentFieldDef[] = [
  { key: 'invoice_number', label: 'Invoice Number', type: 'string', required: true },
  { key: 'invoice_date', label: 'Invoice Date', type: 'date', required: true },
  { key: 'vendor_name', label: 'Vendor Name', type: 'string', required: false },
  { key: 'bill_to', label: 'Bill To', type: 'string', required: false },
  { key: 'subtotal', label: 'Subtotal', type: 'currency', required: false },
  { key: 'tax', label: 'Tax', type: 'currency', required: false },
  { key: 'total', label: 'Total', type: 'currency', required: true },
  { key: 'po_number', label: 'PO Number', type: 'string', required: false },
  { key: 'due_date', label: 'Due Date', type: 'date', required: false },
];

export const INVOICE_TABLES: AgentTableDef[] = [
  {
    key: 'line_items',
    label: 'Line Items',
    columns: [
      { key: 'description', label: 'Description', type: 'string' },
      { key: 'qty', label: 'Qty', type: 'number' },
      { key: 'unit_price', label: 'Unit Price', type: 'currency' },
      { key: 'amount', label: 'Amount', type: 'currency' },
    ],
  },
];

type Plain = string | number | boolean | null;

/** A value as read on the page (an empty one was read nowhere). */
export const cell = (value: Plain, confidence = 0.85): ExtractedValue => ({
  value,
  confidence,
  source: value === null ? null : { page: 1, box: [0, 0, 10, 10] },
});

/** Values as the engine gives them, from plain fields and line rows. */
export function values(
  fields: Record<string, Plain>,
  lines: Record<string, Plain>[] = [],
): ExtractionResult {
  return {
    fields: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, cell(value)])),
    tables: {
      line_items: {
        rows: lines.map((row) =>
          Object.fromEntries(Object.entries(row).map(([key, value]) => [key, cell(value)])),
        ),
      },
    },
  };
}

/** The invoice invoicePdf prints by default: 10 × 4.50, 2 × 60.25, 1 × 39.99, 20% tax. */
export const CONSISTENT_LINES = [
  { description: 'Printer paper A4', qty: 10, unit_price: 4.5, amount: 45 },
  { description: 'Toner cartridge', qty: 2, unit_price: 60.25, amount: 120.5 },
  { description: 'Desk lamp', qty: 1, unit_price: 39.99, amount: 39.99 },
];
export const CONSISTENT_FIELDS = {
  invoice_number: 'INV-2024-0042',
  invoice_date: '2024-03-15',
  vendor_name: 'Acme Supplies Ltd',
  bill_to: 'Northwind Traders',
  subtotal: 205.49,
  tax: 41.1,
  total: 246.59,
  po_number: 'PO-7781',
  due_date: '2024-04-14',
};

/** The consistent invoice's page as printed: 10 × 4.50, 2 × 60.25, 1 × 39.99, 20% tax. */
export const CONSISTENT_PRINTED = [
  'Acme Supplies Ltd',
  'Invoice INV-2024-0042',
  'Description Qty Unit Price Amount',
  'Printer paper A4 10 4.50 45.00',
  'Toner cartridge 2 60.25 120.50',
  'Desk lamp 1 39.99 39.99',
  'Subtotal 205.49',
  'VAT (20%) 41.10',
  'Total 246.59',
].join('\n');

export function invoiceDocument(
  current: ExtractionResult,
  extra: Partial<AgentDocument> = {},
): AgentDocument {
  return {
    fields: INVOICE_FIELDS,
    tables: INVOICE_TABLES,
    values: current,
    locked: [],
    text: '',
    ...extra,
  };
}

export const SETTINGS: AgentSettings = {
  usualDateOrder: null,
  usualCurrency: null,
  today: '2024-06-01',
};

/** The till receipt type: merchant, subtotal, tax and total, and items with one price each. */
export const RECEIPT_FIELDS: AgentFieldDef[] = [
  { key: 'merchant', label: 'Merchant', type: 'string', required: false },
  { key: 'subtotal', label: 'Subtotal', type: 'currency', required: false },
  { key: 'tax', label: 'Tax', type: 'currency', required: false },
  { key: 'total', label: 'Total', type: 'currency', required: true },
];

export const RECEIPT_TABLES: AgentTableDef[] = [
  {
    key: 'items',
    label: 'Items',
    columns: [
      { key: 'name', label: 'Name', type: 'string' },
      { key: 'qty', label: 'Qty', type: 'number' },
      { key: 'price', label: 'Price', type: 'currency' },
    ],
  },
];

/** A till receipt read as given: one of each item at its price, and its printed text. */
export function receiptDocument(
  fields: { subtotal: number | null; tax: number | null; total: number },
  items: { name: string; price: number }[],
  text: string,
): AgentDocument {
  return {
    fields: RECEIPT_FIELDS,
    tables: RECEIPT_TABLES,
    values: {
      fields: {
        merchant: cell('Kedai Runcit Maju'),
        subtotal: cell(fields.subtotal),
        tax: cell(fields.tax),
        total: cell(fields.total),
      },
      tables: {
        items: {
          rows: items.map((item) => ({
            name: cell(item.name),
            qty: cell(1),
            price: cell(item.price),
          })),
        },
      },
    },
    locked: [],
    text,
  };
}
