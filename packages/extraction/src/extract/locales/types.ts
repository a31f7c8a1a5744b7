/** What a language (and its countries' conventions) contributes to reading a document. */
/** Which of two numbers ≤ 12 in a numeric date is the day: day-month-year or month-day-year. */
export type DateOrder = 'dmy' | 'mdy';
export type DecimalMark = '.' | ',';

/** The concepts whose printed labels a locale pack supplies. */
export type LabelConcept =
  | 'invoice_number'
  | 'date'
  | 'due_date'
  | 'total'
  | 'subtotal'
  | 'tax'
  | 'vendor'
  | 'bill_to'
  | 'address'
  | 'po_number'
  | 'customer_number'
  | 'order_number'
  | 'payment_method'
  | 'currency'
  | 'phone'
  | 'email'
  | 'cashier';

export type PaymentKind = 'tendered' | 'cash' | 'card' | 'change';

export type LocaleId = 'en' | 'de' | 'fr' | 'nl' | 'es' | 'it' | 'pt' | 'ms';

export interface LocalePack {
  id: LocaleId;
  /**
   * Printed labels per concept, best first. `po_number` also lists the order-number labels: on a
   * supplier's invoice the buyer's order number ("your order", "Bestellnummer") is its purchase
   * order reference.
   */
  labels: Partial<Record<LabelConcept, string[]>>;
  /** Total labels that name the final figure more strongly than a bare "Total". */
  strongTotals?: string[];
  /** Phrases that contain a field's word but mean something else ("Total Qty"); they block shorter matches. */
  blockers?: string[];
  /**
   * Beginnings of words that, printed before a tax label on its row, make the row state the amount
   * the tax is included in or excluded from ("Total incl. GST", "Total 6% supplies (excl. GST)"),
   * not the tax itself.
   */
  taxBaseWords?: string[];
  /**
   * Labels of the rows between the subtotal and the total that change the amount due: discounts
   * (subtracted however they are printed), charges (added) and cash rounding (as printed).
   */
  adjustments?: { discount?: string[]; charge?: string[]; rounding?: string[] };
  /**
   * A till's payment rows in the language: the money handed over (`tendered`), a cash payment, a
   * card payment and the change given back. English's are in the payment strategy itself.
   */
  payment?: Partial<Record<PaymentKind, string[]>>;
  /** Labels of the recipient's blocks (bill to, ship to, customer): never the issuer. */
  recipientBlocks: string[];
  /** Month names and their usual abbreviations (lowercase), with the month number. */
  months: [name: string, month: number][];
  /** Street, building and place words, for recognising and repairing addresses. */
  addressWords: string[];
  /**
   * The states and regions an address may close with, in full and lowercase ("selangor", "kuala
   * lumpur"): a line under one that is no part of an address is the outlet's own name.
   */
  regions?: string[];
  /** Trade and business words of company names ("stationery", "farmacia"), for repairing misread names. */
  tradeWords?: string[];
  /** How the language's countries print numeric dates and decimals; null when they differ (English). */
  dateOrder: DateOrder | null;
  decimalMark: DecimalMark;
  /**
   * Words that show a document is in this language or from its countries (label words, country
   * names, legal forms, tax ids). Whole words, lowercase, accents kept as printed.
   */
  hints: string[];
}
