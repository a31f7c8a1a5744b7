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

/**
 * A reading of a text, worked out once for the last text asked about: the agents ask about one
 * document's text once per failed sum and per figure, and on a text of thousands of rows each
 * reading is worth keeping. Only the last text is kept, so memory stays one document's.
 */
export function perText<T>(read: (text: string) => T): (text: string) => T {
  let last: { text: string; value: T } | undefined;
  return (text) => {
    if (last?.text !== text) last = { text, value: read(text) };
    return last.value;
  };
}

/** The rows of a text that end in a money figure (one printed with decimals). */
export const printedRows: (text: string) => readonly PrintedRow[] = perText((text) => {
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
});

/** Whether a text prints any money figure with decimals ("12.50", "3,99"). */
export const printsDecimals: (text: string) => boolean = perText((text) =>
  /\d[.,]\d{2}/.test(text),
);

/** Cents of a figure, the key the clean figures are filed under. */
const centsKey = (value: number) => Math.round(Math.abs(value) * 100);

/**
 * The money figures a text prints cleanly (digits only, with decimals), as absolute values filed
 * by cents (each value once, however often it is printed), so whether one is printed is a lookup
 * rather than a reading of the whole text.
 */
const cleanFigures = perText((text) => {
  const mark = detectDecimalMark(text);
  const byCents = new Map<number, Set<number>>();
  for (const raw of text.split('\n')) {
    const line = joinDecimals(raw);
    // findAmounts reads letters OCR confuses with digits as digits, one for one: a figure whose
    // text changed that way held a letter.
    for (const a of findAmounts(line, mark)) {
      if (!a.hasDecimals || line.slice(a.index, a.index + a.match.length) !== a.match) continue;
      const key = centsKey(a.value);
      const values = byCents.get(key) ?? new Set<number>();
      values.add(Math.abs(a.value));
      byCents.set(key, values);
    }
  }
  return byCents;
});

/**
 * Whether the text prints `value` as a clean money figure: digits only, with its decimals. A value
 * the text shows only with a letter in it ("1O.94"), without its decimal mark ("1094") or nowhere
 * was read from a doubtful glyph.
 */
export function isPrintedCleanly(text: string, value: number): boolean {
  const figures = cleanFigures(text);
  const key = centsKey(value);
  // Figures that agree to the cent are filed at most two cents apart.
  for (let near = key - 2; near <= key + 2; near++) {
    for (const figure of figures.get(near) ?? []) if (agree(figure, Math.abs(value))) return true;
  }
  return false;
}
