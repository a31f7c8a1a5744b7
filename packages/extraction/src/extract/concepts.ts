/**
 * What the engine knows about common document fields: how to recognise a field by its key or
 * label, and which printed labels announce it (from the locale packs the document is read with,
 * plus the field's own label, key and aliases).
 */
import type { FieldDefinition } from '@parser/contracts';
import { compact } from './layout.js';
import {
  LOCALES,
  blockersOf,
  labelsFor,
  strongTotals,
  type LabelConcept,
  type LocalePack,
} from './locales/index.js';

export type ConceptId = LabelConcept;

export interface Concept {
  id: ConceptId;
  /** Field keys/labels (compact) that mean this concept. */
  keys: string[];
  /** Printed labels in every language, best first. */
  labels: string[];
}

const KEYS: Record<ConceptId, string[]> = {
  invoice_number: [
    'invoicenumber',
    'invoiceno',
    'invoiceid',
    'invoicenum',
    'invoice',
    'billnumber',
    'billno',
    'documentnumber',
    'receiptnumber',
    'receiptno',
    'number',
    'docno',
    'referencenumber',
  ],
  date: [
    'date',
    'invoicedate',
    'purchasedate',
    'purchasedatetime',
    'issuedate',
    'receiptdate',
    'transactiondate',
    'documentdate',
    'billdate',
    'orderdate',
    'dateofissue',
  ],
  due_date: ['duedate', 'paymentduedate', 'paymentdue', 'dueby'],
  total: [
    'total',
    'amount',
    'totalamount',
    'grandtotal',
    'amountdue',
    'balancedue',
    'totaldue',
    'invoicetotal',
    'totalpayable',
    'amounttotal',
    'nettotal',
  ],
  subtotal: ['subtotal', 'nettamount', 'totalexcltax', 'totalexclusive', 'netamount'],
  tax: ['tax', 'vat', 'gst', 'taxamount', 'salestax', 'vatamount', 'gstamount', 'totaltax', 'sst'],
  po_number: ['ponumber', 'pono', 'purchaseorder', 'purchaseordernumber', 'po'],
  vendor: [
    'vendor',
    'vendorname',
    'merchant',
    'merchantname',
    'company',
    'companyname',
    'issuer',
    'seller',
    'supplier',
    'suppliername',
    'store',
    'storename',
    'shop',
    'business',
    'from',
    'sellername',
  ],
  address: [
    'address',
    'vendoraddress',
    'merchantaddress',
    'companyaddress',
    'storeaddress',
    'selleraddress',
    'supplieraddress',
  ],
  bill_to: [
    'billto',
    'billedto',
    'customer',
    'customername',
    'buyer',
    'client',
    'clientname',
    'soldto',
    'invoiceto',
  ],
  payment_method: [
    'paymentmethod',
    'paymentmode',
    'paymenttype',
    'paidby',
    'tender',
    'paymentterms',
  ],
  currency: ['currency', 'currencycode'],
  phone: ['phone', 'telephone', 'tel', 'phonenumber'],
  email: ['email', 'emailaddress'],
  customer_number: ['customernumber', 'customerno', 'customerid', 'accountnumber', 'accountno'],
  order_number: ['ordernumber', 'orderno', 'orderid'],
  cashier: ['cashier', 'operator', 'server'],
};

export const CONCEPTS: Concept[] = (Object.keys(KEYS) as ConceptId[]).map((id) => ({
  id,
  keys: KEYS[id],
  labels: labelsFor(id),
}));

export interface LabelPhrase {
  concept: ConceptId | null;
  label: string;
  compact: string;
  strong: boolean;
  /**
   * Preference among a field's labels, lower is better: the field's own label and aliases first,
   * then the concept's labels best first ("Invoice Date" before "Order Date" for a document's date).
   */
  rank?: number;
}

const STRONG = strongTotals();

/** Every label of every language, and the blockers: phrases that contain a field's word but mean something else. */
export const ALL_PHRASES: LabelPhrase[] = [
  ...CONCEPTS.flatMap((c) =>
    c.labels.map((label) => ({
      concept: c.id,
      label,
      compact: compact(label),
      strong: c.id === 'total' && STRONG.has(label),
    })),
  ),
  ...blockersOf().map((label) => ({
    concept: null,
    label,
    compact: compact(label),
    strong: false,
  })),
];

const byId = new Map(CONCEPTS.map((c) => [c.id, c]));
export const conceptById = (id: ConceptId): Concept => byId.get(id) as Concept;

/** The concept a schema field is named for exactly, by its key, then its label; else null. */
export function namedConceptOf(
  field: Pick<FieldDefinition, 'key' | 'label'> & { type?: FieldDefinition['type'] },
): Concept | null {
  const k = compact(field.key);
  const l = compact(field.label);
  // a date field named "From" is no issuer: a concept only names fields of its kind of value
  const fits = (c: Concept) => !field.type || TYPES_OF[c.id].includes(field.type);
  for (const c of CONCEPTS) if (c.keys.includes(k) && fits(c)) return c;
  for (const c of CONCEPTS)
    if ((c.keys.includes(l) || compactLabels(c).has(l)) && fits(c)) return c;
  return null;
}

const compacted = new Map<ConceptId, Set<string>>();

/** A concept's labels as compared (every field of every document asks, so worked out once). */
function compactLabels(c: Concept): Set<string> {
  let labels = compacted.get(c.id);
  if (!labels) {
    labels = new Set(c.labels.map(compact));
    compacted.set(c.id, labels);
  }
  return labels;
}

type FieldType = FieldDefinition['type'];
const TEXT: FieldType[] = ['string'];
const MONEY: FieldType[] = ['currency', 'number', 'string'];
const WHEN: FieldType[] = ['date', 'string'];

/** The field types each concept's values can be asked as. */
const TYPES_OF: Record<ConceptId, FieldType[]> = {
  invoice_number: [...TEXT, 'number'],
  date: WHEN,
  due_date: WHEN,
  total: MONEY,
  subtotal: MONEY,
  tax: MONEY,
  po_number: [...TEXT, 'number'],
  vendor: TEXT,
  address: TEXT,
  bill_to: TEXT,
  payment_method: TEXT,
  currency: TEXT,
  phone: TEXT,
  email: TEXT,
  customer_number: [...TEXT, 'number'],
  order_number: [...TEXT, 'number'],
  cashier: TEXT,
};

/** The concept a schema field stands for, from its key, then its label, then words in them. */
export function conceptOf(field: Pick<FieldDefinition, 'key' | 'label'>): Concept | null {
  const named = namedConceptOf({ key: field.key, label: field.label });
  if (named) return named;
  const words = `${field.key.replace(/_/g, ' ')} ${field.label}`.toLowerCase();
  if (/\bdue\b/.test(words) && /\bdate\b/.test(words)) return conceptById('due_date');
  if (
    /\b(vendor|merchant|supplier|seller|issuer|company|store)\b/.test(words) &&
    !/address/.test(words)
  )
    return conceptById('vendor');
  if (/address/.test(words) && !/bill|ship|customer|email/.test(words))
    return conceptById('address');
  if (/\binvoice\b.*\b(no|number|id|#)\b/.test(words)) return conceptById('invoice_number');
  if (/\b(total|amount due|balance due)\b/.test(words) && !/sub|tax|qty|quantity/.test(words))
    return conceptById('total');
  if (/\bdate\b/.test(words)) return conceptById('date');
  return null;
}

/**
 * Label phrases to look for on the page for a field: its own label, key and aliases (the type's
 * words for it), then its concept's labels in the document's languages.
 */
export function phrasesFor(
  field: Pick<FieldDefinition, 'key' | 'label' | 'aliases'>,
  packs: readonly LocalePack[] = LOCALES,
): LabelPhrase[] {
  const c = conceptOf(field);
  // a vendor or address field's own label ("Company") is not printed before the value on a receipt
  const own =
    c && (c.id === 'vendor' || c.id === 'address')
      ? []
      : [field.label, field.key.replace(/_/g, ' ')];
  const aliases = field.aliases ?? [];
  const out: LabelPhrase[] = [];
  const seen = new Set<string>();
  const ownCompact = new Set([...own, ...aliases].map(compact));
  const add = (label: string, strong: boolean) => {
    const k = compact(label);
    if (!k || seen.has(k)) return;
    seen.add(k);
    out.push({
      concept: c?.id ?? null,
      label,
      compact: k,
      strong,
      rank: ownCompact.has(k) ? -1 : out.length,
    });
  };
  for (const a of aliases) add(a, false);
  if (c) {
    const strong = strongTotals(packs);
    for (const l of labelsFor(c.id, packs)) add(l, c.id === 'total' && strong.has(l));
  }
  for (const l of own) add(l, false);
  return out;
}
