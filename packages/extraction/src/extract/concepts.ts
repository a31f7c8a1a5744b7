/** What the engine knows about common document fields: label synonyms and how to recognise a field by key. */
import type { FieldDefinition } from '@parser/contracts';
import { compact } from './layout.js';

export type ConceptId =
  | 'invoice_number'
  | 'date'
  | 'due_date'
  | 'total'
  | 'subtotal'
  | 'tax'
  | 'po_number'
  | 'vendor'
  | 'address'
  | 'bill_to'
  | 'payment_method'
  | 'currency'
  | 'phone'
  | 'email'
  | 'customer_number'
  | 'order_number'
  | 'cashier';

export interface Concept {
  id: ConceptId;
  /** Field keys/labels (compact) that mean this concept. */
  keys: string[];
  /** Printed labels, best first. */
  labels: string[];
  /** Labels that mean the final figure more strongly (totals). */
  strong?: string[];
}

export const CONCEPTS: Concept[] = [
  {
    id: 'invoice_number',
    keys: [
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
    labels: [
      'Invoice Number',
      'Invoice No',
      'Invoice No.',
      'Invoice #',
      'Inv #',
      'Inv No',
      'Invoice ID',
      'Invoice',
      'Bill Number',
      'Bill No',
      'Bill #',
      'Document No',
      'Doc No',
      'Receipt No',
      'Receipt Number',
      'Receipt #',
      'Factuurnummer',
      'Factuur nummer',
      'Numéro de facture',
      'Facture N°',
      'Rechnungsnummer',
      'Tax Invoice No',
      'Invoice Reference',
      'Reference No',
      'Ref No',
      'Transaction No',
      'Trans No',
      'Check No',
      'Slip No',
      'Order No',
      'Invoice Num',
      'No Invoice',
      'Cash Bill No',
      'Booking ID',
      'Booking No',
      'Booking Reference',
    ],
  },
  {
    id: 'date',
    keys: [
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
    labels: [
      'Invoice Date',
      'Date of Issue',
      'Issue Date',
      'Bill Date',
      'Receipt Date',
      'Transaction Date',
      'Document Date',
      'Date Issued',
      'Purchase Date',
      'Order Date',
      'Date',
      'Dated',
      'Factuurdatum',
      'Datum',
      'Date de facture',
      'Rechnungsdatum',
      'Tarikh',
      'Trans Date',
      'Txn Date',
      'Date/Time',
      'Date Time',
    ],
  },
  {
    id: 'due_date',
    keys: ['duedate', 'paymentduedate', 'paymentdue', 'dueby'],
    labels: [
      'Due Date',
      'Payment Due',
      'Payment Due Date',
      'Due By',
      'Pay By',
      'Vervaldatum',
      'Date due',
    ],
  },
  {
    id: 'total',
    keys: [
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
    labels: [
      'Grand Total',
      'Total Amount',
      'Amount Due',
      'Balance Due',
      'Total Due',
      'Total Payable',
      'Amount Payable',
      'Nett Total',
      'Net Total',
      'Rounded Total',
      'Total Rounded',
      'Invoice Total',
      'Total Incl GST',
      'Total Inclusive GST',
      'Total incl VAT',
      'Total (incl. VAT)',
      'Total Sales',
      'Total Amount Due',
      'Amount to Pay',
      'Total to Pay',
      'Totaal',
      'Total TTC',
      'Gesamtbetrag',
      'Net Amount',
      'Total Invoice',
      'Total',
    ],
    strong: [
      'Grand Total',
      'Amount Due',
      'Balance Due',
      'Total Due',
      'Total Payable',
      'Amount Payable',
      'Nett Total',
      'Net Total',
      'Rounded Total',
      'Total Rounded',
      'Total Amount Due',
      'Invoice Total',
    ],
  },
  {
    id: 'subtotal',
    keys: ['subtotal', 'nettamount', 'totalexcltax', 'totalexclusive'],
    labels: [
      'Subtotal',
      'Sub Total',
      'Sub-Total',
      'Total Excl GST',
      'Total Excluding GST',
      'Total Excl VAT',
      'Total excl. tax',
      'Total before tax',
      'Subtotaal',
      'Total HT',
      'Total Sales (Excluding GST)',
      'Amount Excl',
    ],
  },
  {
    id: 'tax',
    keys: [
      'tax',
      'vat',
      'gst',
      'taxamount',
      'salestax',
      'vatamount',
      'gstamount',
      'totaltax',
      'sst',
    ],
    labels: [
      'Tax',
      'VAT',
      'GST',
      'Sales Tax',
      'Tax Amount',
      'VAT Amount',
      'GST Amount',
      'Total Tax',
      'Total GST',
      'Total VAT',
      'SST',
      'BTW',
      'TVA',
      'MwSt',
      'Service Tax',
      'GST 6%',
      'GST @6%',
      'Tax (6%)',
    ],
  },
  {
    id: 'po_number',
    keys: ['ponumber', 'pono', 'purchaseorder', 'purchaseordernumber', 'po'],
    labels: [
      'PO Number',
      'PO No',
      'PO #',
      'P.O. Number',
      'P.O. No',
      'Purchase Order',
      'Purchase Order No',
      'Purchase Order Number',
      'Your Order',
      'Order Reference',
    ],
  },
  {
    id: 'vendor',
    keys: [
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
    labels: [
      'Vendor',
      'Supplier',
      'Seller',
      'Merchant',
      'Sold By',
      'Vendor Name',
      'Supplier Name',
      'Merchant Name',
      // the payee of the bank details is the one who issued the bill
      'Payable To',
      'Make Cheques Payable To',
      'Account Holder',
      'Account Name',
      'Beneficiary',
      'Titulaire du compte',
      'Rekeninghouder',
      'Kontoinhaber',
    ],
  },
  {
    id: 'address',
    keys: [
      'address',
      'vendoraddress',
      'merchantaddress',
      'companyaddress',
      'storeaddress',
      'selleraddress',
      'supplieraddress',
    ],
    labels: ['Address', 'Addr'],
  },
  {
    id: 'bill_to',
    keys: [
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
    labels: [
      'Bill To',
      'Billed To',
      'Invoice To',
      'Sold To',
      'Customer',
      'Customer Name',
      'Client',
      'Buyer',
      'Bill to Address',
      'Billing Address',
    ],
  },
  {
    id: 'payment_method',
    keys: ['paymentmethod', 'paymentmode', 'paymenttype', 'paidby', 'tender', 'paymentterms'],
    labels: [
      'Payment Method',
      'Payment Mode',
      'Payment Type',
      'Paid By',
      'Paid With',
      'Tender',
      'Mode of Payment',
      'Payment',
    ],
  },
  {
    id: 'currency',
    keys: ['currency', 'currencycode'],
    labels: ['Currency'],
  },
  {
    id: 'phone',
    keys: ['phone', 'telephone', 'tel', 'phonenumber'],
    labels: ['Tel', 'Phone', 'Telephone', 'Tel No', 'Fax', 'H/P', 'Mobile'],
  },
  { id: 'email', keys: ['email', 'emailaddress'], labels: ['Email', 'E-mail'] },
  {
    id: 'customer_number',
    keys: ['customernumber', 'customerno', 'customerid', 'accountnumber', 'accountno'],
    labels: [
      'Customer No',
      'Customer Number',
      'Customer ID',
      'Account No',
      'Account Number',
      'Klantnummer',
    ],
  },
  {
    id: 'order_number',
    keys: ['ordernumber', 'orderno', 'orderid'],
    labels: ['Order Number', 'Order No', 'Order ID', 'Order #', 'Bestelnummer'],
  },
  {
    id: 'cashier',
    keys: ['cashier', 'operator', 'server'],
    labels: ['Cashier', 'Operator', 'Server', 'Served By'],
  },
];

/** Phrases that contain a total-like word but are not totals; they block shorter matches inside them. */
export const BLOCKERS: string[] = [
  'Total Qty',
  'Total Quantity',
  'Total Items',
  'Total Item',
  'Total Discount',
  'Total Savings',
  'Total Saving',
  'Rounding Adjustment',
  'Rounding',
  'Round Adj',
  'Total Tax',
  'Total GST',
  'Total VAT',
  'Sub Total',
  'Subtotal',
  'Total Excl',
  'Total Excluding',
  'Total Exclusive',
  'Total Excl GST',
  'Amount Excl',
  'Total Before',
  'Total Tendered',
  'Total Paid',
  'Tax Invoice',
  'GST Summary',
  'GST ID',
  'GST Reg',
  'GST No',
  'GST Reg No',
  'Invoice To',
  'Due Date',
  'Date Due',
  'Total Number',
  'Total Pcs',
  'Total Unit',
  'Total Units',
  'Qty Total',
  'Amount Paid',
  'Cash Paid',
  'Change Due',
  'Total Cash',
  'Deposit',
  'Company No',
  'Company Reg',
  'Co Reg',
  'Co No',
  'Included in Total',
  'In Total',
  'Tax Total',
  'GST Total',
  'VAT Total',
  'Total Tax Amount',
  'Invoice Date',
  'Invoice Total',
  'Invoice To',
  'Date Time',
  'Order Date',
];

export interface LabelPhrase {
  concept: ConceptId | null;
  label: string;
  compact: string;
  strong: boolean;
  /**
   * Preference among a field's labels, lower is better: the field's own label first, then the
   * concept's labels best first ("Invoice Date" before "Order Date" for a document's date).
   */
  rank?: number;
}

export const ALL_PHRASES: LabelPhrase[] = [
  ...CONCEPTS.flatMap((c) =>
    c.labels.map((label) => ({
      concept: c.id,
      label,
      compact: compact(label),
      strong: (c.strong ?? []).includes(label),
    })),
  ),
  ...BLOCKERS.map((label) => ({ concept: null, label, compact: compact(label), strong: false })),
];

const byId = new Map(CONCEPTS.map((c) => [c.id, c]));
export const conceptById = (id: ConceptId): Concept => byId.get(id) as Concept;

/** The concept a schema field stands for, from its key, then its label. */
export function conceptOf(field: Pick<FieldDefinition, 'key' | 'label'>): Concept | null {
  const k = compact(field.key);
  const l = compact(field.label);
  for (const c of CONCEPTS) if (c.keys.includes(k)) return c;
  for (const c of CONCEPTS)
    if (c.keys.includes(l) || c.labels.some((x) => compact(x) === l)) return c;
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

/** Label phrases to look for on the page for a field: its concept's synonyms plus its own label and key. */
export function phrasesFor(field: Pick<FieldDefinition, 'key' | 'label'>): LabelPhrase[] {
  const c = conceptOf(field);
  const own =
    c && (c.id === 'vendor' || c.id === 'address')
      ? []
      : [field.label, field.key.replace(/_/g, ' ')];
  const out: LabelPhrase[] = [];
  const seen = new Set<string>();
  const ownCompact = new Set(own.map(compact));
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
  if (c) for (const l of c.labels) add(l, (c.strong ?? []).includes(l));
  for (const l of own) add(l, false);
  return out;
}
