/**
 * How one receipt words and formats its values: the label chosen for each line, the number style
 * and currency mark of its country, the date format (dd/mm/yyyy, dd-mm-yy, yyyy-mm-dd, dd MMM yyyy)
 * and a 24- or 12-hour clock.
 */
import {
  formatMoney,
  formatNumber,
  formatNumericDate,
  formatQuantity,
  type MoneyStyle,
  type NumberStyle,
  type NumericDateStyle,
  parseIso,
} from '../corpus/formats.js';
import type { Random } from '../corpus/random.js';
import type { ReceiptValues } from './receipt-model.js';
import { RECEIPT_WORDS, type ReceiptLabels } from './receipt-words.js';

export interface ReceiptText {
  label: { [K in Exclude<keyof ReceiptLabels, 'taxAdded' | 'taxIncluded'>]: string };
  /** The tax line's label, e.g. "SST 6%" or "GST included 6%". */
  taxLine: string;
  /** The service charge line's label with its rate. */
  serviceLine: string;
  /** e.g. "dd/mm/yyyy" or "dd MMM yyyy", for the ground truth's meta. */
  dateFormat: string;
  date: string;
  time: string;
  numberStyle: NumberStyle;
  money: MoneyStyle;
  /** The total carries the currency mark (otherwise it may sit in the label: "Total (RM)"). */
  markTotal: boolean;
  amount(cents: number, marked?: boolean): string;
  qty(value: number, weighed: boolean): string;
}

function percent(rate: number, style: NumberStyle): string {
  const value = Math.round(rate * 10000) / 100;
  return `${formatNumber(value, style, Number.isInteger(value) ? 0 : 1)}%`;
}

/** The written name of a numeric date style, e.g. { dmy, "/", pad } → "dd/mm/yyyy". */
function numericFormatName(style: NumericDateStyle): string {
  const year = style.shortYear ? 'yy' : 'yyyy';
  const day = style.pad ? 'dd' : 'd';
  const month = style.pad ? 'mm' : 'm';
  const parts =
    style.order === 'dmy'
      ? [day, month, year]
      : style.order === 'mdy'
        ? [month, day, year]
        : [year, 'mm', 'dd'];
  return parts.join(style.separator);
}

/** 24-hour clock, or with AM/PM where English is the till's language (Malaysia, Britain, the US). */
function timeText(
  random: Random,
  [hours, minutes, seconds]: ReceiptValues['time'],
  twelveHour: boolean,
): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const withSeconds = random.chance(0.5);
  const clock = (h: number) => `${two(h)}:${two(minutes)}${withSeconds ? `:${two(seconds)}` : ''}`;
  if (!twelveHour || !random.chance(0.35)) return clock(hours);
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${clock(twelve)} ${hours < 12 ? 'AM' : 'PM'}`;
}

export function receiptTextOf(random: Random, values: ReceiptValues): ReceiptText {
  const { country, language } = values.locale;
  const words = RECEIPT_WORDS[language];
  const labels = words.labels;
  const numberStyle = random.pick(country.numberStyles);
  const money = random.pick(country.money);
  const pick = (options: string[]) => random.pick(options);

  const styles: NumericDateStyle[] = [
    ...country.numericDates,
    { order: 'dmy', separator: '-', pad: true, shortYear: true },
    { order: 'ymd', separator: '-', pad: true },
  ];
  // US tills keep month first in every numeric form.
  const numeric = random.pick(
    country.code === 'US' ? styles.filter((s) => s.order !== 'dmy') : styles,
  );
  const written = random.chance(0.25);
  const { year, month, day } = parseIso(values.date);
  const date = written
    ? `${String(day).padStart(2, '0')} ${words.months[month - 1] ?? ''} ${year}`
    : formatNumericDate(values.date, numeric);
  const markTotal = random.chance(0.6);
  const totalLabel = pick(labels.total);
  const taxTemplate =
    values.taxMode === 'added' ? random.pick(labels.taxAdded) : random.pick(labels.taxIncluded);

  return {
    label: {
      receiptNumber: pick(labels.receiptNumber),
      cashier: pick(labels.cashier),
      table: pick(labels.table),
      date: pick(labels.date),
      qty: pick(labels.qty),
      item: pick(labels.item),
      price: pick(labels.price),
      amount: pick(labels.amount),
      subtotal: pick(labels.subtotal),
      // "Total (RM)": the mark moves into the label when the figure goes without it.
      total: !markTotal && random.chance(0.5) ? `${totalLabel} (${money.mark})` : totalLabel,
      service: pick(labels.service),
      discount: pick(labels.discount),
      rounding: pick(labels.rounding),
      cash: pick(labels.cash),
      card: pick(labels.card),
      change: pick(labels.change),
      thanks: pick(labels.thanks),
      items: pick(labels.items),
    },
    taxLine: taxTemplate(values.taxName, percent(values.taxRate, numberStyle)),
    serviceLine: `${pick(labels.service)} ${percent(values.serviceRate, numberStyle)}`,
    dateFormat: written ? 'dd MMM yyyy' : numericFormatName(numeric),
    date,
    time: timeText(random, values.time, ['en', 'ms'].includes(language)),
    numberStyle,
    money,
    markTotal,
    amount: (cents, marked = false) => formatMoney(cents / 100, numberStyle, marked ? money : null),
    qty: (value, weighed) =>
      weighed ? `${formatNumber(value, numberStyle, 3)} kg` : formatQuantity(value, numberStyle),
  };
}
