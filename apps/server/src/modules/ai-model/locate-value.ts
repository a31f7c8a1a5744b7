import type { FieldType } from '@parser/contracts';
import {
  type Box,
  findAmounts,
  findDates,
  type Line,
  type ValueSource,
  type Word,
} from '@parser/extraction';

/**
 * The pages a value is looked for on: a document's reading, or the agents' view of it, whose pages
 * may come without their lines.
 */
export interface PrintedPages {
  pages: readonly { number: number; lines?: readonly Line[]; words?: readonly Word[] }[];
}

/** A value where the document prints it: the page, the lines it spans and the box around it. */
export interface PrintedOccurrence {
  page: number;
  /** Index in the page's lines of the line the value starts on. */
  lineIndex: number;
  /** The characters before the value on its first line, where a label would stand. */
  before: string;
  /** The text of the value's first line, and of the line above it ('' on a page's first line). */
  lineText: string;
  lineAbove: string;
  box: Box;
}

/** Lines a text value may run over: an address or a long name printed over a few lines. */
const MAX_SPANNED_LINES = 4;

/**
 * Where a value is printed in the document's words: the box around the words that show it, on the
 * first page that does. Null when the words do not show it in any form.
 */
export function locateValue(
  doc: PrintedPages,
  type: FieldType,
  value: string | number | boolean,
): ValueSource | null {
  const first = printedOccurrences(doc, type, value)[0];
  return first ? { page: first.page, box: first.box } : null;
}

/**
 * Every place the document prints a value, in any of its printed forms: dates in any order and
 * separator (15/03/2024, 15.03.2024, 15 March 2024 for 2024-03-15), amounts with either decimal
 * mark and any grouping (1.234,50 or 1,234.50 for 1234.5), text ignoring case, spacing and
 * punctuation (INV 7731 for INV-7731), over a few lines for text printed on several. Booleans are
 * marks, not words: never found.
 */
export function printedOccurrences(
  doc: PrintedPages,
  type: FieldType,
  value: string | number | boolean,
): PrintedOccurrence[] {
  if (type === 'boolean' || typeof value === 'boolean') return [];
  const found: PrintedOccurrence[] = [];
  for (const page of doc.pages) {
    const lines = linesOf(page);
    const around = (lineIndex: number) => ({
      page: page.number,
      lineIndex,
      lineText: lines[lineIndex]?.text ?? '',
      lineAbove: lines[lineIndex - 1]?.text ?? '',
    });
    lines.forEach((line, lineIndex) => {
      if (type === 'string') {
        const range = textInLines(lines.slice(lineIndex, lineIndex + MAX_SPANNED_LINES), value);
        // A match that starts on a later line is found again from that line.
        if (!range || range.startLine !== 0) return;
        const box = boxOfLines(lines.slice(lineIndex), range);
        if (box) {
          found.push({ ...around(lineIndex), before: line.text.slice(0, range.start), box });
        }
        return;
      }
      const range = figureInLine(line.text, type, value);
      if (!range) return;
      const box = boxOfRange(line, range[0], range[1]);
      if (box) {
        found.push({ ...around(lineIndex), before: line.text.slice(0, range[0]), box });
      }
    });
  }
  return found;
}

/** The page's lines; a page known by its words alone is read as one line of them, in order. */
function linesOf(page: PrintedPages['pages'][number]): readonly Line[] {
  if (page.lines) return page.lines;
  const words = page.words ?? [];
  if (words.length === 0) return [];
  return [
    {
      words: [...words],
      text: words.map((word) => word.text).join(' '),
      box: words.map((word) => word.box).reduce(union),
    },
  ];
}

/** The same value in two forms: amounts to the cent, dates as the same day, text as folded. */
export function sameInAnyForm(
  type: FieldType,
  a: string | number | boolean,
  b: string | number | boolean,
): boolean {
  if (
    (type === 'number' || type === 'currency') &&
    typeof a === 'number' &&
    typeof b === 'number'
  ) {
    return Math.abs(a - b) < 0.005;
  }
  if (typeof a === 'string' && typeof b === 'string') {
    if (type === 'date') return a.trim() === b.trim();
    const folded = fold(a);
    return folded !== '' && folded === fold(b);
  }
  return a === b;
}

/** A date or an amount on one line, in any printed form. */
function figureInLine(
  text: string,
  type: FieldType,
  value: string | number,
): [start: number, end: number] | null {
  if (type === 'date') {
    for (const order of ['dmy', 'mdy'] as const) {
      const found = findDates(text, order).find((date) => date.iso === value);
      if (found) return [found.index, found.index + found.match.length];
    }
    return null;
  }
  const wanted = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(wanted)) return null;
  for (const mark of ['.', ','] as const) {
    for (const amount of findAmounts(text, mark)) {
      if (Math.abs(Math.abs(amount.value) - Math.abs(wanted)) < 0.005) {
        return [amount.index, amount.index + amount.match.length];
      }
    }
  }
  return null;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Letters and digits only, lowercased: "INV-7731", "inv 7731" and "Inv.7731" fold alike. */
const fold = (text: string) =>
  [...text]
    .filter((char) => LETTER_OR_DIGIT.test(char))
    .join('')
    .toLowerCase();

interface LinesRange {
  startLine: number;
  start: number;
  endLine: number;
  /** Exclusive. */
  end: number;
}

/**
 * A text value in a run of lines, folded: the match must start and end at a word's edge, so a
 * short value is not found inside a longer word.
 */
function textInLines(lines: readonly Line[], value: string | number): LinesRange | null {
  const wanted = fold(String(value));
  if (!wanted) return null;
  let folded = '';
  const at: { line: number; char: number }[] = [];
  lines.forEach((line, lineIndex) => {
    // By UTF-16 index, as the line's text is sliced elsewhere.
    for (let char = 0; char < line.text.length; char++) {
      const letter = line.text[char]!;
      if (!LETTER_OR_DIGIT.test(letter)) continue;
      // Lowercasing may lengthen a letter ("İ"): each of its characters points back to it.
      const lower = letter.toLowerCase();
      folded += lower;
      for (let unit = 0; unit < lower.length; unit++) at.push({ line: lineIndex, char });
    }
  });
  const edge = (line: number, char: number) => {
    const text = lines[line]?.text ?? '';
    return char < 0 || char >= text.length || !LETTER_OR_DIGIT.test(text[char]!);
  };
  for (let index = folded.indexOf(wanted); index >= 0; index = folded.indexOf(wanted, index + 1)) {
    const first = at[index]!;
    const last = at[index + wanted.length - 1]!;
    if (edge(first.line, first.char - 1) && edge(last.line, last.char + 1)) {
      return { startLine: first.line, start: first.char, endLine: last.line, end: last.char + 1 };
    }
  }
  return null;
}

/** The box around a range that may run over several lines. */
function boxOfLines(lines: readonly Line[], range: LinesRange): Box | null {
  let box: Box | null = null;
  for (let index = range.startLine; index <= range.endLine; index++) {
    const line = lines[index]!;
    const start = index === range.startLine ? range.start : 0;
    const end = index === range.endLine ? range.end : line.text.length;
    const part = boxOfRange(line, start, end);
    if (part) box = box ? union(box, part) : part;
  }
  return box;
}

const union = (a: Box, b: Box): Box => [
  Math.min(a[0], b[0]),
  Math.min(a[1], b[1]),
  Math.max(a[2], b[2]),
  Math.max(a[3], b[3]),
];

/** The box around the line's words that the character range [start, end) touches. */
function boxOfRange(line: Line, start: number, end: number): Box | null {
  let cursor = 0;
  let box: Box | null = null;
  for (const word of line.words) {
    const at = line.text.indexOf(word.text, cursor);
    if (at < 0) continue;
    const wordEnd = at + word.text.length;
    cursor = wordEnd;
    if (at < end && wordEnd > start) box = box ? union(box, word.box) : [...word.box];
  }
  return box;
}
