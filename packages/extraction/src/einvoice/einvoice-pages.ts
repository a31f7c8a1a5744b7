import type { Page } from '../document.js';
import { layOutPages, type SyntheticItem } from '../reading/synthetic-layout.js';

import type { EInvoice, HeaderTerm } from './model.js';

/** Header terms as a printed invoice would label them, in the order one reads them. */
const PRINTED_LABELS: [HeaderTerm, string][] = [
  ['seller_name', 'Seller'],
  ['seller_address', 'Seller Address'],
  ['seller_vat_id', 'Seller VAT ID'],
  ['seller_tax_id', 'Seller Tax Number'],
  ['invoice_number', 'Invoice Number'],
  ['issue_date', 'Invoice Date'],
  ['due_date', 'Due Date'],
  ['po_reference', 'PO Number'],
  ['buyer_reference', 'Buyer Reference'],
  ['buyer_name', 'Bill To'],
  ['buyer_address', 'Buyer Address'],
  ['buyer_vat_id', 'Buyer VAT ID'],
  ['currency', 'Currency'],
  ['line_total', 'Sum of Lines'],
  ['net_total', 'Subtotal'],
  ['tax_total', 'Tax'],
  ['gross_total', 'Total'],
  ['amount_due', 'Amount Due'],
  ['payment_terms', 'Payment Terms'],
  ['iban', 'IBAN'],
];

/**
 * An XML-only e-invoice laid out as text pages (title, labelled header values, the lines and the
 * VAT breakdown as tables), so classification and search treat it like any other invoice.
 */
export function einvoicePages(invoice: EInvoice): Page[] {
  const items: SyntheticItem[] = [
    { kind: 'line', cells: [invoice.kind === 'credit_note' ? 'CREDIT NOTE' : 'INVOICE'] },
  ];
  for (const [term, label] of PRINTED_LABELS) {
    const value = invoice.header[term];
    if (value) items.push({ kind: 'line', cells: [`${label}: ${value.value}`] });
  }
  if (invoice.lines.length > 0) {
    items.push({
      kind: 'table',
      rows: [
        ['Description', 'Qty', 'Unit Price', 'Amount', 'VAT %'],
        ...invoice.lines.map((line) => [
          line.description?.value ?? '',
          line.quantity?.value ?? '',
          line.unit_price?.value ?? '',
          line.net_amount?.value ?? '',
          line.tax_rate?.value ?? '',
        ]),
      ],
    });
  }
  if (invoice.taxes.length > 0) {
    items.push({
      kind: 'table',
      rows: [
        ['VAT Category', 'VAT %', 'Taxable Amount', 'VAT Amount'],
        ...invoice.taxes.map((tax) => [
          tax.category?.value ?? '',
          tax.rate?.value ?? '',
          tax.taxable_amount?.value ?? '',
          tax.tax_amount?.value ?? '',
        ]),
      ],
    });
  }
  return layOutPages(items);
}
