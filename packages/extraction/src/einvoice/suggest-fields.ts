/**
 * Quick Setup from an e-invoice: the fields and tables the XML actually carries, named in plain
 * words (and as the built-in Invoice type names them where it has the term), merged with what the
 * engine suggests from the pages. Each name maps back to its term (terms.ts), so extracting with
 * the suggestion reads every value from the XML.
 */
import type { ColumnDefinition, FieldDefinition, TableDefinition } from '@parser/contracts';

import type { SuggestedSchema } from '../extract/suggest.js';

import type { EInvoice, HeaderTerm, LineTerm, TaxTerm } from './model.js';
import { HEADER_TERMS, LINE_TERMS, TAX_TERMS } from './model.js';
import { headerTermOf, lineTermOf, taxTermOf } from './terms.js';

type Named = { key: string; label: string; type: FieldDefinition['type'] };
type NamedColumn = { key: string; label: string; type: ColumnDefinition['type'] };

const HEADER_FIELDS: Record<HeaderTerm, Named> = {
  invoice_number: { key: 'invoice_number', label: 'Invoice Number', type: 'string' },
  issue_date: { key: 'invoice_date', label: 'Invoice Date', type: 'date' },
  due_date: { key: 'due_date', label: 'Due Date', type: 'date' },
  currency: { key: 'currency', label: 'Currency', type: 'string' },
  po_reference: { key: 'po_number', label: 'PO Number', type: 'string' },
  buyer_reference: { key: 'buyer_reference', label: 'Buyer Reference', type: 'string' },
  seller_name: { key: 'vendor_name', label: 'Vendor Name', type: 'string' },
  seller_vat_id: { key: 'vendor_vat_id', label: 'Vendor VAT ID', type: 'string' },
  seller_tax_id: { key: 'vendor_tax_number', label: 'Vendor Tax Number', type: 'string' },
  seller_address: { key: 'vendor_address', label: 'Vendor Address', type: 'string' },
  buyer_name: { key: 'bill_to', label: 'Bill To', type: 'string' },
  buyer_vat_id: { key: 'customer_vat_id', label: 'Customer VAT ID', type: 'string' },
  buyer_address: { key: 'customer_address', label: 'Customer Address', type: 'string' },
  line_total: { key: 'sum_of_lines', label: 'Sum of Lines', type: 'currency' },
  net_total: { key: 'subtotal', label: 'Subtotal', type: 'currency' },
  tax_total: { key: 'tax', label: 'Tax', type: 'currency' },
  gross_total: { key: 'total', label: 'Total', type: 'currency' },
  amount_due: { key: 'amount_due', label: 'Amount Due', type: 'currency' },
  payment_terms: { key: 'payment_terms', label: 'Payment Terms', type: 'string' },
  iban: { key: 'iban', label: 'IBAN', type: 'string' },
};

/** A credit note's own words for its number and date. */
const CREDIT_NOTE_FIELDS: Partial<Record<HeaderTerm, Named>> = {
  invoice_number: { key: 'credit_note_number', label: 'Credit Note Number', type: 'string' },
  issue_date: { key: 'issue_date', label: 'Issue Date', type: 'date' },
};

const LINE_COLUMNS: Record<LineTerm, NamedColumn> = {
  line_id: { key: 'line_no', label: 'Line No', type: 'string' },
  item_id: { key: 'item_code', label: 'Item Code', type: 'string' },
  description: { key: 'description', label: 'Description', type: 'string' },
  quantity: { key: 'qty', label: 'Qty', type: 'number' },
  unit: { key: 'unit', label: 'Unit', type: 'string' },
  unit_price: { key: 'unit_price', label: 'Unit Price', type: 'currency' },
  net_amount: { key: 'amount', label: 'Amount', type: 'currency' },
  tax_rate: { key: 'vat_rate', label: 'VAT Rate', type: 'number' },
};

const TAX_COLUMNS: Record<TaxTerm, NamedColumn> = {
  category: { key: 'category', label: 'Category', type: 'string' },
  rate: { key: 'rate', label: 'Rate', type: 'number' },
  taxable_amount: { key: 'taxable_amount', label: 'Taxable Amount', type: 'currency' },
  tax_amount: { key: 'tax_amount', label: 'Tax Amount', type: 'currency' },
};

const unique = (key: string, used: Set<string>): string => {
  let k = key;
  for (let n = 2; used.has(k); n++) k = `${key}_${n}`;
  used.add(k);
  return k;
};

/** The columns of a table for the terms at least one of its rows states, in the model's order. */
function columnsFor<T extends string>(
  rows: Partial<Record<T, unknown>>[],
  terms: readonly T[],
  names: Record<T, NamedColumn>,
): ColumnDefinition[] {
  return terms
    .filter((term) => rows.some((row) => row[term] !== undefined))
    .map((term) => names[term]);
}

/** The fields and tables an e-invoice carries, each marked `extracted: true`. */
export function einvoiceSuggestion(invoice: EInvoice): SuggestedSchema {
  const names =
    invoice.kind === 'credit_note' ? { ...HEADER_FIELDS, ...CREDIT_NOTE_FIELDS } : HEADER_FIELDS;
  const fields: FieldDefinition[] = HEADER_TERMS.filter((term) => invoice.header[term]).map(
    (term) => ({ ...names[term], required: false, extracted: true }),
  );
  const tables: TableDefinition[] = [];
  const lineColumns = columnsFor(invoice.lines, LINE_TERMS, LINE_COLUMNS);
  if (lineColumns.length > 0) {
    tables.push({ key: 'line_items', label: 'Line Items', columns: lineColumns, extracted: true });
  }
  const taxColumns = columnsFor(invoice.taxes, TAX_TERMS, TAX_COLUMNS);
  if (taxColumns.length > 0) {
    tables.push({
      key: 'vat_breakdown',
      label: 'VAT Breakdown',
      columns: taxColumns,
      extracted: true,
    });
  }
  return { fields, tables };
}

/** Whether most of a suggested table's columns name invoice line or VAT breakdown terms. */
const isInvoiceTable = (table: TableDefinition) =>
  table.columns.filter((column) => lineTermOf(column) ?? taxTermOf(column)).length * 2 >=
  table.columns.length;

/**
 * The engine's suggestion for a document carrying an e-invoice, with the XML's terms first: an
 * engine field standing for a term the XML states gives way to the XML's field, the rest is kept
 * for the page reading to fill. The engine's line and VAT tables give way to the XML's.
 */
export function withEInvoiceSuggestion(
  engine: SuggestedSchema,
  invoice: EInvoice,
): SuggestedSchema {
  const fromXml = einvoiceSuggestion(invoice);
  const terms = new Set(fromXml.fields.map((field) => headerTermOf(field)));
  const fieldKeys = new Set(fromXml.fields.map((field) => field.key));
  const fields = [
    ...fromXml.fields,
    ...engine.fields
      .filter((field) => {
        const term = headerTermOf(field);
        return term === null || !terms.has(term);
      })
      .map((field) => ({ ...field, key: unique(field.key, fieldKeys) })),
  ];
  const tableKeys = new Set(fromXml.tables.map((table) => table.key));
  const tables = [
    ...fromXml.tables,
    ...engine.tables
      .filter((table) => fromXml.tables.length === 0 || !isInvoiceTable(table))
      .map((table) => ({ ...table, key: unique(table.key, tableKeys) })),
  ];
  return { fields, tables };
}
