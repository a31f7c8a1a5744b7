/**
 * How one invoice words and formats its values: the label chosen for each field, the currency
 * mark and where it goes, the number style and whether dates are numeric or written out.
 */
import { isAmbiguousMark } from './countries.js';
import {
  type DateOrder,
  formatMoney,
  formatNumber,
  formatNumericDate,
  formatQuantity,
  type MoneyStyle,
  type NumberStyle,
  type NumericDateStyle,
  parseIso,
} from './formats.js';
import type { InvoiceValues } from './invoice-model.js';
import type { Random } from './random.js';

export interface Presentation {
  title: string;
  label: {
    invoiceNumber: string;
    date: string;
    dueDate: string;
    poNumber: string;
    customerNumber: string;
    subtotal: string;
    total: string;
    billTo: string;
    shipTo: string;
    vendor: string;
    description: string;
    qty: string;
    unitPrice: string;
    amount: string;
    taxRate: string;
    taxIdLabel: string;
    bank: string;
  };
  /** The label of a tax line of the totals, e.g. "VAT 20%". */
  taxLine(rate: number): string;
  /** The label of the sum of several tax lines. */
  taxTotal: string;
  page(page: number, pages: number): string;
  continued: string;
  thanks: string;
  terms: string | null;
  /** Appends ":" to key/value labels (issuers differ). */
  colon: boolean;
  numberStyle: NumberStyle;
  money: MoneyStyle;
  /** The currency code printed beside the total label when the symbol is shared ($). */
  totalCode: string | null;
  /** Whether subtotal and tax carry the currency mark too (the total always does). */
  markAllTotals: boolean;
  /** Whether table prices carry the mark. */
  markTable: boolean;
  dateKind: 'numeric' | 'written';
  dateOrder: DateOrder;
  date(iso: string): string;
  amount(cents: number, marked: boolean): string;
  qty(value: number): string;
  rate(rate: number): string;
}

function percent(rate: number, style: NumberStyle, spaced: boolean): string {
  const value = Math.round(rate * 10000) / 100;
  const decimals = Number.isInteger(value) ? 0 : Number.isInteger(value * 10) ? 1 : 2;
  return `${formatNumber(value, style, decimals)}${spaced ? ' ' : ''}%`;
}

export function presentationOf(random: Random, values: InvoiceValues): Presentation {
  const { country, pack } = values;
  const labels = pack.labels;
  const numberStyle = random.pick(country.numberStyles);
  const money = random.pick(country.money);
  const numeric: NumericDateStyle = random.pick(country.numericDates);
  const dateKind = random.chance(0.65) ? 'numeric' : 'written';
  const written = random.pick(pack.writtenDates);
  // French and German typography put a space before the percent sign.
  const spacedPercent = ['fr', 'de'].includes(country.language) && random.chance(0.6);
  const taxLabel = random.pick(labels.tax);
  const pageLabel = random.pick(labels.page);
  const terms = random.pick(labels.terms);
  return {
    title: random.pick(labels.title),
    label: {
      invoiceNumber: random.pick(labels.invoiceNumber),
      date: random.pick(labels.date),
      dueDate: random.pick(labels.dueDate),
      poNumber: random.pick(labels.poNumber),
      customerNumber: random.pick(labels.customerNumber),
      subtotal: random.pick(labels.subtotal),
      total: random.pick(labels.total),
      billTo: random.pick(labels.billTo),
      shipTo: random.pick(labels.shipTo),
      vendor: random.pick(labels.vendor),
      description: random.pick(labels.description),
      qty: random.pick(labels.qty),
      unitPrice: random.pick(labels.unitPrice),
      amount: random.pick(labels.amount),
      taxRate: random.pick(labels.taxRate),
      taxIdLabel: random.pick(country.taxIdLabels),
      bank: random.pick(labels.bank),
    },
    taxTotal: labels.taxTotal(country.taxName),
    taxLine: (rate) => taxLabel(country.taxName, percent(rate, numberStyle, spacedPercent)),
    page: pageLabel,
    continued: labels.continued,
    thanks: random.pick(labels.thanks),
    terms: values.paymentDays !== null && random.chance(0.6) ? terms(values.paymentDays) : null,
    colon: random.chance(0.6),
    numberStyle,
    money,
    totalCode: isAmbiguousMark(money.mark) ? country.currency : null,
    markAllTotals: random.chance(0.5),
    markTable: random.chance(0.2),
    dateKind,
    dateOrder: numeric.order,
    date: (iso) => {
      if (dateKind === 'numeric') return formatNumericDate(iso, numeric);
      const { year, month, day } = parseIso(iso);
      return written(day, pack.months[month - 1] ?? '', year);
    },
    amount: (cents, marked) => formatMoney(cents / 100, numberStyle, marked ? money : null),
    qty: (value) => formatQuantity(value, numberStyle),
    rate: (rate) => percent(rate, numberStyle, spacedPercent),
  };
}
