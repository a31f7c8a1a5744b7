import { detectDecimalMark, findAmounts } from '../extract/parse.js';

import { agree } from './numbers.js';

/** A printed row that ends in a money figure: its words before the figure and the figure. */
export interface PrintedRow {
  /** The row's line number in the text. */
  index: number;
  /** The words before the last figure, lowercase. */
  label: string;
  /** The last money figure of the row. */
  value: number;
  /** Every money figure of the row, in order. */
  figures: number[];
  /** True when the last figure is printed with two decimals, as money is ("5.5" is a size). */
  inCents: boolean;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A label as whole words with any punctuation or spacing between them ("Serv. Charge"). */
export const labelPattern = (label: string): RegExp =>
  new RegExp(
    `(^|[^\\p{L}])${label
      .toLowerCase()
      .split(/\s+/)
      .map(escape)
      .join('[^\\p{L}\\d]*')}($|[^\\p{L}])`,
    'u',
  );

/** A space OCR reads inside a figure after its decimal mark ("4. 96", "-0. 03"): digits intact. */
export const joinDecimals = (line: string): string =>
  line.replace(/(\d[.,])\s(\d{2})(?!\d)/g, '$1$2');

/** The rows of a text that end in a money figure (one printed with decimals). */
export function printedRows(text: string): PrintedRow[] {
  const mark = detectDecimalMark(text);
  return text.split('\n').flatMap((raw, index): PrintedRow[] => {
    const line = joinDecimals(raw);
    const amounts = findAmounts(line, mark).filter((a) => a.hasDecimals);
    const last = amounts[amounts.length - 1];
    if (!last) return [];
    const cut = last.index;
    return [
      {
        index,
        label: (cut > 0 ? line.slice(0, cut) : line).toLowerCase(),
        value: last.value,
        figures: amounts.map((a) => a.value),
        inCents: /[.,]\d{2}(?!\d)/.test(last.match),
      },
    ];
  });
}

/**
 * Whether the text prints `value` as a clean money figure: digits only, with its decimals. A value
 * the text shows only with a letter in it ("1O.94"), without its decimal mark ("1094") or nowhere
 * was read from a doubtful glyph.
 */
export function isPrintedCleanly(text: string, value: number): boolean {
  const mark = detectDecimalMark(text);
  return text.split('\n').some((raw) => {
    const line = joinDecimals(raw);
    // findAmounts reads letters OCR confuses with digits as digits, one for one: a figure whose
    // text changed that way held a letter.
    return findAmounts(line, mark).some(
      (a) =>
        a.hasDecimals &&
        agree(Math.abs(a.value), Math.abs(value)) &&
        line.slice(a.index, a.index + a.match.length) === a.match,
    );
  });
}
