/**
 * What an item line's amount is besides quantity × unit price, as the document states it: a unit
 * price printed rounded to its decimals (so the product may miss the amount by up to half a unit
 * of the last decimal per piece), a discount taken off (a discount column of the type, or a figure
 * the line's printed row shows under a discount heading, absolute or as a percentage), or the
 * line's tax where the table prints each amount with its tax.
 */
import { compact } from '../extract/layout.js';
import { adjustmentLabelsOf, labelsFor } from '../extract/locales/index.js';
import { detectDecimalMark, findAmounts } from '../extract/parse.js';
import { ALL_COLUMN_PHRASES } from '../extract/tables/column-words.js';

import { agree, CENT, cents } from './numbers.js';
import { joinDecimals, labelPattern, perText } from './printed-rows.js';

/** A figure the line's amount includes beyond quantity × unit price. */
export interface LineAllowance {
  /** Added to quantity × unit price: negative for a discount. */
  value: number;
  /** How a message names it: "discount 10%", "discount 4.50", "tax 40.39". */
  what: string;
}

/** The figures of one line as the agents read them. */
export interface LineFigures {
  qty: number;
  price: number;
  amount: number;
  /** The line's cell in a discount column of the type, when it has one. */
  discount: number | null;
  /** Whether that column holds a percentage (its name says so). */
  discountIsPercent: boolean;
}

const DISCOUNT_WORDS = adjustmentLabelsOf()
  .filter(([kind]) => kind === 'discount')
  .map(([, label]) => labelPattern(label));
const TAX_WORDS = labelsFor('tax').map(labelPattern);
const COLUMN_WORDS = new Set(ALL_COLUMN_PHRASES);
/** Lines around a table's header line that belong to it (headers printed over several lines). */
const HEADER_REACH = 2;

const money = (value: number) => cents(value).toFixed(2);

/** Decimals a figure was printed with: at least the two of money. */
function decimalsOf(value: number): number {
  const [, fraction = ''] = String(Math.abs(value)).split('.');
  return Math.max(2, fraction.length);
}

/**
 * How far quantity × unit price may be from the amount: a cent, and half a unit of the price's last
 * printed decimal for each piece ("12 × 4.17" is 50.00 when the true price is 4.1666…).
 */
export function roundingTolerance(qty: number, price: number): number {
  return CENT + Math.abs(qty) * 0.5 * 10 ** -decimalsOf(price);
}

/** A printed row holding money figures, with what its table's heading (or the row) names. */
interface FigureRow {
  figures: { value: number; percent: boolean }[];
  discount: boolean;
  tax: boolean;
}

/** Whether a line of text reads as a table's column header: two column words, no figure. */
function isColumnHeader(line: string): boolean {
  const words = line.split(/\s+/).map(compact).filter(Boolean);
  let named = 0;
  for (let i = 0; i < words.length; i++) {
    if (COLUMN_WORDS.has(words[i]!)) named++;
    else if (i + 1 < words.length && COLUMN_WORDS.has(words[i]! + words[i + 1]!)) named++;
  }
  return named >= 2;
}

/**
 * The rows of a text that print money figures, filed under each figure's cents, each with whether
 * the table heading above it (the nearest column header and the lines printed with it) or the row
 * itself names a discount or a tax. Worked out once per text.
 */
const figureRows = perText((text: string): Map<number, FigureRow[]> => {
  const mark = detectDecimalMark(text);
  const lines = text.split('\n').map(joinDecimals);
  const amountsOf = lines.map((line) => findAmounts(line, mark).filter((a) => a.hasDecimals));
  const names = (line: string, words: readonly RegExp[]) => {
    const lower = line.toLowerCase();
    return words.some((pattern) => pattern.test(lower));
  };
  const byCents = new Map<number, FigureRow[]>();
  let heading = { discount: false, tax: false };
  lines.forEach((line, index) => {
    const amounts = amountsOf[index]!;
    if (amounts.length === 0) {
      if (!isColumnHeader(line)) return;
      const block = lines
        .slice(Math.max(0, index - HEADER_REACH), index + HEADER_REACH + 1)
        .filter((_, i) => amountsOf[Math.max(0, index - HEADER_REACH) + i]!.length === 0)
        .join(' ');
      heading = { discount: names(block, DISCOUNT_WORDS), tax: names(block, TAX_WORDS) };
      return;
    }
    const row: FigureRow = {
      figures: amounts.map((a) => ({
        value: a.value,
        percent: /^\s?%/.test(line.slice(a.index + a.match.length)),
      })),
      discount: heading.discount || names(line, DISCOUNT_WORDS),
      tax: heading.tax || names(line, TAX_WORDS),
    };
    for (const figure of row.figures) {
      const key = Math.round(Math.abs(figure.value) * 100);
      const filed = byCents.get(key) ?? [];
      if (filed[filed.length - 1] !== row) filed.push(row);
      byCents.set(key, filed);
    }
  });
  return byCents;
});

/** The allowances a figure of the line's row may be, and whether each makes the amount. */
function allowancesOf(
  gross: number,
  figure: { value: number; percent: boolean },
  heading: { discount: boolean; tax: boolean },
): LineAllowance[] {
  const size = Math.abs(figure.value);
  const out: LineAllowance[] = [];
  if (heading.discount) {
    out.push(
      figure.percent
        ? { value: -cents((gross * size) / 100), what: `discount ${size}%` }
        : { value: -size, what: `discount ${money(size)}` },
    );
  }
  if (heading.tax) {
    out.push(
      figure.percent
        ? { value: cents((gross * size) / 100), what: `tax ${size}%` }
        : { value: size, what: `tax ${money(size)}` },
    );
  }
  return out;
}

/**
 * What the line's amount includes beyond quantity × unit price, when the document says so and the
 * amount then follows, or null (the line's figures then disagree, or the document says nothing).
 * A discount column's cell first; then the figures of the row printing the line's price and amount,
 * under a heading (or with a word on the row) that names a discount or a tax.
 */
export function lineAllowanceOf(line: LineFigures, text: string): LineAllowance | null {
  const gross = cents(line.qty * line.price);
  const tolerance = roundingTolerance(line.qty, line.price) + CENT;
  const makesAmount = (a: LineAllowance) => Math.abs(gross + a.value - line.amount) <= tolerance;
  if (line.discount !== null && line.discount !== 0) {
    const size = Math.abs(line.discount);
    const forms: LineAllowance[] = [
      ...(line.discountIsPercent ? [] : [{ value: -size, what: `discount ${money(size)}` }]),
      ...(size < 100 ? [{ value: -cents((gross * size) / 100), what: `discount ${size}%` }] : []),
    ];
    const found = forms.find(makesAmount);
    if (found) return found;
  }
  if (!text) return null;
  const rows = figureRows(text).get(Math.round(Math.abs(line.amount) * 100)) ?? [];
  for (const row of rows) {
    if (!row.discount && !row.tax) continue;
    const values = row.figures.map((f) => f.value);
    if (!values.some((v) => agree(v, line.price)) || !values.some((v) => agree(v, line.amount)))
      continue;
    // a figure printed as it is before a percentage worked out from one
    const figures = [...row.figures].sort((a, b) => Number(a.percent) - Number(b.percent));
    for (const figure of figures) {
      if (agree(figure.value, line.amount) || agree(figure.value, line.price)) continue;
      const found = allowancesOf(gross, figure, row).find(makesAmount);
      if (found) return found;
    }
  }
  return null;
}
