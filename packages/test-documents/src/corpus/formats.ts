/**
 * How numbers, money and dates are printed: thousands groups and decimal marks by country, the
 * currency as a symbol or code before or after the figure, numeric dates day-first or month-first.
 */

export interface NumberStyle {
  group: string;
  decimal: string;
}

/** 1,234.56 */
export const POINT_DECIMAL: NumberStyle = { group: ',', decimal: '.' };
/** 1.234,56 */
export const COMMA_DECIMAL: NumberStyle = { group: '.', decimal: ',' };
/** 1 234,56 (French and Portuguese style; a plain space so every reader sees the same text) */
export const SPACE_GROUPED: NumberStyle = { group: ' ', decimal: ',' };
/** 1'234.56 (Swiss style) */
export const APOSTROPHE_GROUPED: NumberStyle = { group: "'", decimal: '.' };

/** Where the currency goes around a figure. */
export interface MoneyStyle {
  mark: string;
  position: 'before' | 'after';
  space: boolean;
}

export function formatNumber(value: number, style: NumberStyle, decimals = 2): string {
  const negative = value < 0;
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  return `${negative ? '-' : ''}${grouped}${fraction ? style.decimal + fraction : ''}`;
}

/** A quantity as printed: whole numbers plain, fractions (hours) with the country's decimal mark. */
export function formatQuantity(value: number, style: NumberStyle): string {
  return Number.isInteger(value)
    ? String(value)
    : formatNumber(value, style, value * 10 === Math.round(value * 10) ? 1 : 2);
}

export function formatMoney(value: number, style: NumberStyle, money: MoneyStyle | null): string {
  const figure = formatNumber(value, style);
  if (!money) return figure;
  const gap = money.space ? ' ' : '';
  return money.position === 'before'
    ? `${money.mark}${gap}${figure}`
    : `${figure}${gap}${money.mark}`;
}

export type DateOrder = 'dmy' | 'mdy' | 'ymd';

export interface NumericDateStyle {
  order: DateOrder;
  separator: '/' | '.' | '-';
  /** Pad day and month to two digits. */
  pad: boolean;
  /** Two-digit year, as tills print it (e.g. 05-03-24). */
  shortYear?: boolean;
}

export interface IsoDate {
  year: number;
  month: number;
  day: number;
}

export function parseIso(iso: string): IsoDate {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return { year, month, day };
}

export function formatNumericDate(iso: string, style: NumericDateStyle): string {
  const { year, month, day } = parseIso(iso);
  const two = (n: number) => (style.pad ? String(n).padStart(2, '0') : String(n));
  const yearText = style.shortYear ? String(year).slice(-2) : String(year);
  const parts =
    style.order === 'dmy'
      ? [two(day), two(month), yearText]
      : style.order === 'mdy'
        ? [two(month), two(day), yearText]
        : [yearText, String(month).padStart(2, '0'), String(day).padStart(2, '0')];
  return parts.join(style.separator);
}

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
