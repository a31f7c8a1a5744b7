/**
 * A syntax-neutral e-invoice: what UBL 2.1 (Peppol BIS Billing 3.0, XRechnung UBL) and UN/CEFACT
 * CII (Factur-X / ZUGFeRD, XRechnung CII) say about an invoice, named after the EN 16931 business
 * terms. Every value keeps the XPath it was read at, so a person can see where it came from.
 * Plain data throughout: the reading is cached as JSON.
 */

/** The XML syntaxes read. */
export type EInvoiceSyntax = 'cii' | 'ubl_invoice' | 'ubl_credit_note';

/** One value as the XML states it (text as written; dates as ISO YYYY-MM-DD). */
export interface EInvoiceValue {
  value: string;
  /** Where it was read, e.g. `/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount`. */
  xpath: string;
  /** ISO 4217 code of an amount (its currencyID, else the invoice's currency). */
  currency?: string;
}

/** Header values (EN 16931 business terms in brackets). */
export const HEADER_TERMS = [
  'invoice_number', // BT-1
  'issue_date', // BT-2
  'due_date', // BT-9
  'currency', // BT-5
  'po_reference', // BT-13
  'buyer_reference', // BT-10
  'seller_name', // BT-27
  'seller_vat_id', // BT-31
  'seller_tax_id', // BT-32
  'seller_address', // BG-5
  'buyer_name', // BT-44
  'buyer_vat_id', // BT-48
  'buyer_address', // BG-8
  'line_total', // BT-106
  'net_total', // BT-109
  'tax_total', // BT-110
  'gross_total', // BT-112
  'amount_due', // BT-115
  'payment_terms', // BT-20
  'iban', // BT-84
] as const;
export type HeaderTerm = (typeof HEADER_TERMS)[number];

/** One row of the VAT breakdown (BG-23). */
export const TAX_TERMS = ['category', 'rate', 'taxable_amount', 'tax_amount'] as const;
export type TaxTerm = (typeof TAX_TERMS)[number];

/** One invoice line (BG-25). */
export const LINE_TERMS = [
  'line_id', // BT-126
  'item_id', // BT-155
  'description', // BT-153 item name, else BT-154 description
  'quantity', // BT-129
  'unit', // BT-130
  'unit_price', // BT-146
  'net_amount', // BT-131
  'tax_rate', // BT-152
] as const;
export type LineTerm = (typeof LINE_TERMS)[number];

export interface EInvoice {
  syntax: EInvoiceSyntax;
  /** An invoice or a credit note (UBL CreditNote, CII type code 381). */
  kind: 'invoice' | 'credit_note';
  /** The specification identifier (Peppol, XRechnung, Factur-X profile); null when absent. */
  profile: string | null;
  header: Partial<Record<HeaderTerm, EInvoiceValue>>;
  taxes: Partial<Record<TaxTerm, EInvoiceValue>>[];
  lines: Partial<Record<LineTerm, EInvoiceValue>>[];
}

/** The syntaxes' names as people know them. */
export const SYNTAX_NAMES: Record<EInvoiceSyntax, string> = {
  cii: 'UN/CEFACT CII',
  ubl_invoice: 'UBL Invoice',
  ubl_credit_note: 'UBL Credit Note',
};
