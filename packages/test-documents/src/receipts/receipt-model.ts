/**
 * The values of one receipt: shop, number, date and time, items and the totals block, worked out
 * in whole cents so a consistent receipt adds up exactly:
 *   Σ amounts = subtotal; subtotal − discount + service + added tax + rounding = total;
 *   cash − total = change.
 * Optionally one seeded inconsistency that a reconciliation check should catch.
 */
import { isoDaySince, type Random } from '../corpus/random.js';
import { goodsOf, merchantOf, type Merchant, type ReceiptLocale } from './merchants.js';
import type { Goods } from './receipt-words.js';

export const RECEIPT_INCONSISTENCY_KINDS = ['line_amount', 'subtotal', 'tax', 'total'] as const;
/**
 * - `line_amount`: one line's printed amount is not qty × unit price (the subtotal adds the printed amounts);
 * - `subtotal`: the line amounts do not add up to the printed subtotal (everything after it holds);
 * - `tax`: the printed tax is not the stated rate of its base (the total adds the printed tax);
 * - `total`: the printed total is not what the totals block adds up to (the change is from it).
 */
export type ReceiptInconsistencyKind = (typeof RECEIPT_INCONSISTENCY_KINDS)[number];

export interface ReceiptInconsistency {
  kind: ReceiptInconsistencyKind;
  /** 0-based index of the misprinted line, for `line_amount`. */
  line?: number;
}

export interface ReceiptLine {
  description: string;
  /** An article number or EAN some tills print with the item. */
  code: string;
  qty: number;
  weighed: boolean;
  /** Cents. */
  unitPrice: number;
  /** Cents, as printed. */
  amount: number;
}

/** `added`: tax on top of the prices; `included`: the prices hold it, one line shows how much. */
export type TaxMode = 'added' | 'included' | 'none';

/** Every value a receipt prints; money in cents. */
export interface ReceiptValues {
  locale: ReceiptLocale;
  merchant: Merchant;
  receiptNumber: string;
  date: string;
  /** 24-hour clock with seconds; how it prints is the presentation's choice. */
  time: [hours: number, minutes: number, seconds: number];
  cashier: string | null;
  table: string | null;
  lines: ReceiptLine[];
  subtotal: number;
  /** Whether the subtotal line is printed; when it is not, the total follows the item lines. */
  subtotalPrinted: boolean;
  discount: number;
  serviceRate: number;
  service: number;
  taxMode: TaxMode;
  taxName: string;
  taxRate: number;
  tax: number;
  /** Cash rounding to 0.05 (Malaysia, the Netherlands), printed as its own line; null when not done. */
  rounding: number | null;
  total: number;
  payment: 'cash' | 'card';
  tendered: number | null;
  change: number | null;
  inconsistency: ReceiptInconsistency | null;
}

/** Mostly a few items, sometimes a full basket. */
function lineCount(random: Random): number {
  const roll = random.next();
  if (roll < 0.7) return random.int(1, 8);
  if (roll < 0.9) return random.int(9, 15);
  return random.int(16, 25);
}

/** Malaysia had GST until mid-2018 and SST from September 2018; the other countries their VAT. */
function taxOf(locale: ReceiptLocale, date: string): { name: string; rates: number[] } {
  const { country } = locale;
  if (country.code !== 'MY') return { name: country.taxName, rates: country.taxRates };
  if (date < '2018-06-01') return { name: 'GST', rates: [0.06] };
  return { name: 'SST', rates: date >= '2024-03-01' ? [0.08, 0.06] : [0.06] };
}

function taxModeOf(random: Random, locale: ReceiptLocale, date: string): TaxMode {
  const code = locale.country.code;
  // Malaysian tills between GST and SST charged neither.
  if (code === 'MY' && date >= '2018-06-01' && date < '2018-09-01') return 'none';
  if (code === 'MY') return random.pick(['added', 'added', 'included', 'none'] as const);
  if (code === 'US') return random.chance(0.85) ? 'added' : 'none';
  return random.chance(0.85) ? 'included' : 'none';
}

function receiptNumber(random: Random, locale: ReceiptLocale): string {
  return random.pick([
    () => `${random.int(1, 99999)}`.padStart(6, '0'),
    () => `${random.pick(['CS', 'R', 'INV', 'T'])}${random.digits(random.int(5, 8))}`,
    () => `${random.int(1, 9)}${random.digits(2)}-${random.digits(6)}`,
    () =>
      locale.country.code === 'MY'
        ? `OR${random.digits(8)}`
        : `${random.digits(4)}/${random.digits(4)}`,
  ])();
}

function lineOf(random: Random, goods: Goods): ReceiptLine {
  const [low, high] = goods.price;
  // Tills price in whole 5 or 9 endings more often than not.
  const base = random.int(low, high);
  const unitPrice = random.chance(0.6) ? Math.max(low, base - (base % 5)) : base;
  const weighed = goods.weighed === true && random.chance(0.7);
  const qty = weighed
    ? random.int(150, 2500) / 1000
    : random.chance(0.65)
      ? 1
      : random.chance(0.8)
        ? random.int(2, 4)
        : random.int(5, 12);
  return {
    description: goods.name,
    code: random.chance(0.5) ? `955${random.digits(10)}` : random.digits(random.int(4, 6)),
    qty,
    weighed,
    unitPrice,
    amount: Math.round(qty * unitPrice),
  };
}

/** A visible error, not a rounding difference: at least 1.00, a multiple of 0.10, amounts stay positive. */
function misprint(random: Random, cents: number): number {
  const delta = random.int(1, 9) * 100 + random.pick([0, 10, 50, 90]);
  return cents > delta * 2 && random.chance(0.5) ? cents - delta : cents + delta;
}

/** Cash handed over: the exact amount, or the next note or round sum above the total. */
function tenderedFor(random: Random, total: number): number {
  const steps = [100, 500, 1000, 2000, 5000, 10000].filter((step) => step * 5 > total);
  if (random.chance(0.15) || steps.length === 0) return total;
  const step = random.pick(steps);
  return Math.ceil((total + 1) / step) * step;
}

export interface ReceiptValueOptions {
  locale: ReceiptLocale;
  inconsistent: boolean;
}

export function receiptValues(
  random: Random,
  { locale, inconsistent }: ReceiptValueOptions,
): ReceiptValues {
  const date = isoDaySince(random, 2016);
  const kind = inconsistent ? random.pick(RECEIPT_INCONSISTENCY_KINDS) : null;
  const tax = taxOf(locale, date);
  let taxMode = taxModeOf(random, locale, date);
  // A tax misprint needs a printed tax.
  if (kind === 'tax' && taxMode === 'none') taxMode = 'added';
  const taxRate = taxMode === 'none' ? 0 : random.pick(tax.rates);
  const merchant = merchantOf(
    random.fork('merchant'),
    locale,
    taxMode === 'none' ? null : tax.name,
  );

  const goods = random.shuffle(goodsOf(locale, merchant.trade));
  const lines = Array.from({ length: lineCount(random) }, (_, index) =>
    lineOf(random, goods[index % goods.length] as Goods),
  );
  let inconsistency: ReceiptInconsistency | null = null;
  if (kind === 'line_amount') {
    const line = random.int(0, lines.length - 1);
    const target = lines[line] as ReceiptLine;
    target.amount = misprint(random, target.amount);
    inconsistency = { kind, line };
  }
  let subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const subtotalPrinted = kind === 'subtotal' || random.chance(0.8);
  if (kind === 'subtotal') {
    subtotal = misprint(random, subtotal);
    inconsistency = { kind };
  }

  const discount = random.chance(0.15) ? Math.min(subtotal - 1, random.int(1, 10) * 50) : 0;
  // Service charges and table numbers belong to places that serve food.
  const serves = merchant.trade === 'food';
  const serviceRate =
    serves && random.chance(locale.country.code === 'MY' ? 0.4 : 0.12)
      ? random.pick([0.05, 0.1])
      : 0;
  const service = Math.round((subtotal - discount) * serviceRate);
  const base = subtotal - discount + service;
  let taxAmount =
    taxMode === 'added'
      ? Math.round(base * taxRate)
      : taxMode === 'included'
        ? Math.round((base * taxRate) / (1 + taxRate))
        : 0;
  if (kind === 'tax') {
    taxAmount = misprint(random, taxAmount);
    inconsistency = { kind };
  }
  const beforeRounding = base + (taxMode === 'added' ? taxAmount : 0);
  const payment = random.chance(0.7) ? 'cash' : 'card';
  const rounds =
    payment === 'cash' &&
    ((locale.country.code === 'MY' && random.chance(0.8)) ||
      (locale.country.code === 'NL' && random.chance(0.6)));
  const rounding = rounds ? Math.round(beforeRounding / 5) * 5 - beforeRounding : null;
  let total = beforeRounding + (rounding ?? 0);
  if (kind === 'total') {
    total = misprint(random, total);
    inconsistency = { kind };
  }
  const tendered = payment === 'cash' ? tenderedFor(random, total) : null;

  return {
    locale,
    merchant,
    receiptNumber: receiptNumber(random, locale),
    date,
    time: [random.int(7, 22), random.int(0, 59), random.int(0, 59)],
    cashier: random.chance(0.6)
      ? random.pick([
          random.digits(3),
          random.pick(['AMIRAH', 'JASON', 'SITI', 'ANNA', 'MARCO', 'LEA']),
        ])
      : null,
    table: serves && (serviceRate > 0 || random.chance(0.3)) ? String(random.int(1, 40)) : null,
    lines,
    subtotal,
    subtotalPrinted,
    discount,
    serviceRate,
    service,
    taxMode,
    taxName: taxMode === 'none' ? '' : tax.name,
    taxRate,
    tax: taxAmount,
    rounding,
    total,
    payment,
    tendered,
    change: tendered === null ? null : tendered - total,
    inconsistency,
  };
}
