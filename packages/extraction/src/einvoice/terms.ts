/**
 * Which field of a document type stands for which e-invoice term: by the field's key, label and
 * aliases (compacted, as everywhere in the engine), then by the engine's concepts, so a type that
 * calls its total "Total", "Amount" or "Gesamtbetrag" gets the invoice's total.
 */
import type { ColumnDefinition, FieldDefinition } from '@parser/contracts';

import { conceptOf, type ConceptId } from '../extract/concepts.js';
import { compact } from '../extract/layout.js';
import { COLUMN_SYNONYMS } from '../extract/tables/column-words.js';

import type { HeaderTerm, LineTerm, TaxTerm } from './model.js';

/** Field keys and labels (compacted) that name a term exactly, in any of the engine's languages. */
const HEADER_KEYS: Record<HeaderTerm, string[]> = {
  invoice_number: [
    'invoicenumber',
    'invoiceno',
    'invoiceid',
    'creditnotenumber',
    'rechnungsnummer',
  ],
  issue_date: ['issuedate', 'invoicedate', 'rechnungsdatum', 'datefacture'],
  due_date: ['duedate', 'paymentduedate', 'faelligkeitsdatum', 'fälligkeitsdatum'],
  currency: ['currency', 'currencycode', 'invoicecurrency', 'währung', 'waehrung'],
  po_reference: ['ponumber', 'purchaseorder', 'poreference', 'orderreference', 'bestellnummer'],
  buyer_reference: ['buyerreference', 'leitwegid', 'routingid', 'käuferreferenz'],
  seller_name: ['sellername', 'vendorname', 'suppliername', 'seller', 'vendor', 'supplier'],
  seller_vat_id: [
    'sellervatid',
    'vendorvatid',
    'suppliervatid',
    'vatid',
    'vatnumber',
    'vatno',
    'vatregistrationnumber',
    'ustidnr',
    'ustid',
    'sellertaxid',
    'vendortaxid',
    'suppliertaxid',
    'taxid',
  ],
  seller_tax_id: ['sellertaxnumber', 'vendortaxnumber', 'taxnumber', 'steuernummer'],
  seller_address: ['selleraddress', 'vendoraddress', 'supplieraddress', 'address'],
  buyer_name: ['buyername', 'customername', 'billto', 'buyer', 'customer', 'clientname'],
  buyer_vat_id: ['buyervatid', 'customervatid', 'billtovatid', 'buyertaxid', 'customertaxid'],
  buyer_address: ['buyeraddress', 'customeraddress', 'billtoaddress', 'billingaddress'],
  line_total: ['linetotal', 'sumoflines', 'lineextensionamount', 'totallines'],
  net_total: [
    'subtotal',
    'nettotal',
    'netamount',
    'totalnet',
    'taxexclusiveamount',
    'totalexcltax',
  ],
  tax_total: ['tax', 'vat', 'taxamount', 'vatamount', 'totaltax', 'taxtotal', 'totalvat'],
  gross_total: ['total', 'grandtotal', 'grosstotal', 'totalamount', 'invoicetotal', 'totalincltax'],
  amount_due: [
    'amountdue',
    'balancedue',
    'totaldue',
    'payableamount',
    'duepayable',
    'amountpayable',
  ],
  payment_terms: ['paymentterms', 'terms', 'zahlungsbedingungen'],
  iban: ['iban', 'bankaccount', 'accountiban'],
};

const HEADER_INDEX = (Object.entries(HEADER_KEYS) as [HeaderTerm, string[]][]).map(
  ([term, keys]) => [term, keys.map(compact)] as const,
);

/** The engine's concepts, for fields named in words the keys above do not list. */
const BY_CONCEPT: Partial<Record<ConceptId, HeaderTerm>> = {
  invoice_number: 'invoice_number',
  date: 'issue_date',
  due_date: 'due_date',
  currency: 'currency',
  po_number: 'po_reference',
  vendor: 'seller_name',
  address: 'seller_address',
  bill_to: 'buyer_name',
  subtotal: 'net_total',
  tax: 'tax_total',
  total: 'gross_total',
};

const namesOf = (def: { key: string; label: string; aliases?: string[] }) =>
  [def.key, def.label, ...(def.aliases ?? [])].map(compact).filter(Boolean);

/** The header term a field stands for, or null when it stands for none. */
export function headerTermOf(
  field: Pick<FieldDefinition, 'key' | 'label' | 'aliases'>,
): HeaderTerm | null {
  const names = namesOf(field);
  for (const name of names) {
    for (const [term, keys] of HEADER_INDEX) if (keys.includes(name)) return term;
  }
  // Words the concepts do not split by party: a VAT id or an address of the buyer or the seller.
  const words =
    `${field.key.replace(/_/g, ' ')} ${field.label} ${(field.aliases ?? []).join(' ')}`.toLowerCase();
  const buyer = /\b(buyer|customer|client|bill(ed)? ?to|sold ?to)\b/.test(words);
  if (/\b(vat|tax)\b.*\b(id|no|number)\b|\bust-?id/.test(words))
    return buyer ? 'buyer_vat_id' : 'seller_vat_id';
  if (/address/.test(words)) return buyer ? 'buyer_address' : 'seller_address';
  const concept = conceptOf({ key: field.key, label: field.label });
  return concept ? (BY_CONCEPT[concept.id] ?? null) : null;
}

/** Column words for each line term: the engine's table header synonyms plus the XML's own words. */
const LINE_KEYS: [LineTerm, string[]][] = [
  [
    'tax_rate',
    ['taxrate', 'vatrate', 'taxpercent', 'vatpercent', 'tax', 'vat', 'gst', 'linetaxpercent'],
  ],
  ['unit', ['unit', 'uom', 'unitcode', 'unitofmeasure', 'einheit']],
  ['line_id', ['lineid', 'lineno', 'linenumber', 'line', 'pos', 'position']],
  [
    'item_id',
    [
      'itemid',
      'sku',
      'code',
      'itemno',
      'itemcode',
      'articleno',
      'productcode',
      'partno',
      'sellersitemid',
    ],
  ],
  ['quantity', []],
  ['unit_price', []],
  ['net_amount', []],
  ['description', []],
];

/** The engine's header words for the four common columns (column-words.ts, in its order). */
const SYNONYM_TERMS: LineTerm[] = ['description', 'quantity', 'unit_price', 'net_amount'];

/** The line term a table column stands for, or null. */
export function lineTermOf(
  column: Pick<ColumnDefinition, 'key' | 'label' | 'aliases'>,
): LineTerm | null {
  const names = namesOf(column);
  for (const [term, keys] of LINE_KEYS) if (names.some((n) => keys.includes(n))) return term;
  for (const [index, term] of SYNONYM_TERMS.entries()) {
    const synonyms = COLUMN_SYNONYMS[index];
    if (!synonyms) continue;
    const labels = synonyms.labels.map(compact);
    if (names.some((n) => synonyms.keys.includes(n) || labels.includes(n))) return term;
  }
  return null;
}

const TAX_KEYS: [TaxTerm, string[]][] = [
  ['category', ['category', 'taxcategory', 'vatcategory', 'categorycode', 'code']],
  ['rate', ['rate', 'taxrate', 'vatrate', 'percent', 'taxpercent', 'vatpercent']],
  ['taxable_amount', ['taxableamount', 'taxable', 'basis', 'basisamount', 'netamount', 'net']],
  ['tax_amount', ['taxamount', 'vatamount', 'tax', 'vat', 'amount']],
];

/** The VAT breakdown term a table column stands for, or null. */
export function taxTermOf(
  column: Pick<ColumnDefinition, 'key' | 'label' | 'aliases'>,
): TaxTerm | null {
  const names = namesOf(column);
  for (const [term, keys] of TAX_KEYS) if (names.some((n) => keys.includes(n))) return term;
  return null;
}

/** Whether a table is the VAT breakdown (rather than the invoice lines), by its name. */
export function isTaxTable(table: { key: string; label: string }): boolean {
  return /\b(tax|vat|gst|ust|mwst)\b.*\b(breakdown|summary|rates?|subtotals?|details)\b|^(taxes|vat)$/i.test(
    `${table.key.replace(/_/g, ' ')} ${table.label}`.trim(),
  );
}
