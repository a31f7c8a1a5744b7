/**
 * Where a value a reviewer confirmed is printed on the document, and what introduces it: the label
 * on its left, the label above it, or nothing (a place on the page).
 */
import type { FieldDefinition } from '@parser/contracts';
import type { Box } from '../document.js';
import type { DocContext } from '../extract/context.js';
import { compact, segments, unionBox, type Row, type Tok } from '../extract/layout.js';
import { phrasesFor } from '../extract/concepts.js';
import type { DateOrder, DecimalMark } from '../extract/parse.js';
import { parseTyped } from '../extract/typed.js';
import type { FieldObservation } from './hint-types.js';
import { evidenceOf } from './value-evidence.js';

type FieldType = FieldDefinition['type'];
type Value = string | number | boolean;

/** A field as a lesson knows it: key and type, and the label and aliases when the type has them. */
export type LessonField = Pick<FieldDefinition, 'key' | 'type'> &
  Partial<Pick<FieldDefinition, 'label' | 'aliases'>>;

/** Free text compared loosely: case, spacing and surrounding punctuation do not matter. */
export const looseText = (s: string): string =>
  s
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s:#.,;-]+|[\s:#.,;-]+$/g, '');

/** Whether two values of a type are the same value. */
export function sameValue(a: Value | null, b: Value | null): boolean {
  if (a === null || b === null) return a === b;
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 0.005;
  return looseText(String(a)) === looseText(String(b));
}

/** The page-relative box of a box on a page. */
export function relativeBox(box: Box, page: { width: number; height: number }): Box {
  const r = (x: number) => Math.round(x * 10000) / 10000;
  return [
    r(box[0] / page.width),
    r(box[1] / page.height),
    r(box[2] / page.width),
    r(box[3] / page.height),
  ];
}

interface Found {
  row: Row;
  start: number;
  end: number;
  dateOrder?: DateOrder;
  decimalMark?: DecimalMark;
}

const MAX_WORDS: Record<FieldType, number> = {
  date: 4,
  number: 3,
  currency: 4,
  boolean: 1,
  string: 12,
};

/**
 * The order a numeric date was printed in, from its figures and the date it stands for: "03/14/2024"
 * for 2024-03-14 is month first. Null when the day and month are the same number or not figures.
 */
function printedOrder(printed: string, iso: string): DateOrder | null {
  const figures = /(\d{1,2})\s?[./-]\s?(\d{1,2})\s?[./-]\s?\d{2,4}/.exec(printed);
  const [, month, day] = /^\d{4}-(\d{2})-(\d{2})$/.exec(iso) ?? [];
  if (!figures || !month || !day || month === day) return null;
  const [a, b] = [Number(figures[1]), Number(figures[2])];
  if (a === Number(day) && b === Number(month)) return 'dmy';
  if (a === Number(month) && b === Number(day)) return 'mdy';
  return null;
}

/** Whether these words are exactly the value, and in which written form. */
function matches(
  toks: Tok[],
  type: FieldType,
  value: Value,
  ctx: DocContext,
): Omit<Found, 'row' | 'start' | 'end'> | null {
  if (type === 'string') {
    return looseText(toks.map((t) => t.text).join(' ')) === looseText(String(value)) ? {} : null;
  }
  const whole = (v: ReturnType<typeof parseTyped>) =>
    v !== null && v.toks.length === toks.length && sameValue(v.value, value);
  if (type === 'date') {
    const dmy = whole(parseTyped(toks, 'date', { ...ctx, order: 'dmy' }));
    const mdy = whole(parseTyped(toks, 'date', { ...ctx, order: 'mdy' }));
    if (!dmy && !mdy) return null;
    const order = printedOrder(toks.map((t) => t.text).join(' '), String(value));
    return order ? { dateOrder: order } : {};
  }
  if (type === 'number' || type === 'currency') {
    const dot = whole(parseTyped(toks, type, { ...ctx, mark: '.' }));
    const comma = whole(parseTyped(toks, type, { ...ctx, mark: ',' }));
    if (!dot && !comma) return null;
    return dot && comma ? {} : { decimalMark: dot ? '.' : ',' };
  }
  return whole(parseTyped(toks, type, ctx)) ? {} : null;
}

/** Every place the value is printed, each the shortest run of words that reads as it. */
function occurrences(
  ctx: DocContext,
  type: FieldType,
  value: Value,
  rows: readonly Row[] = ctx.layout.rows,
): Found[] {
  const out: Found[] = [];
  for (const row of rows) {
    const words = row.words;
    for (let start = 0; start < words.length; start++) {
      // an amount starts at its figures, not at a currency code before them ("GBP 7161,28")
      if ((type === 'number' || type === 'currency') && !/\d/.test(words[start]?.text ?? ''))
        continue;
      for (let end = start + 1; end <= Math.min(words.length, start + MAX_WORDS[type]); end++) {
        const format = matches(words.slice(start, end), type, value, ctx);
        if (format) {
          out.push({ row, start, end, ...format });
          start = end - 1;
          break;
        }
      }
    }
  }
  return out;
}

const hasDigit = (t: Tok) => /\d/.test(t.text);
const hasLetters = (toks: Tok[]) => toks.some((t) => /[a-z]{2}/i.test(t.text));

/** The words just before the value on its row that read as a label (no figures, at most five). */
function labelOnTheLeft(found: Found): Tok[] {
  const before = found.row.words.slice(0, found.start);
  const label: Tok[] = [];
  for (let i = before.length - 1; i >= 0 && label.length < 5; i--) {
    const word = before[i] as Tok;
    const next = label[0];
    // a wide gap inside the run ends the label: the words beyond belong to another column
    if (next && next.box[0] - word.box[2] > 3 * found.row.height) break;
    if (hasDigit(word)) break;
    label.unshift(word);
  }
  return hasLetters(label) ? label : [];
}

/** The label printed right above the value: the column of the row above that overlaps it. */
function labelAbove(found: Found, ctx: DocContext): Tok[] {
  const value = found.row.words.slice(found.start, found.end);
  const [x0, , x1] = unionBox(value.map((t) => t.box));
  const above = ctx.layout.rows[found.row.index - 1];
  if (!above || above.page !== found.row.page) return [];
  if (found.row.box[1] - above.box[3] > 2.5 * ctx.layout.unit) return [];
  const column = segments(above.words, above.height, 2).find((seg) =>
    seg.some((t) => t.box[0] < x1 && t.box[2] > x0),
  );
  if (!column || column.length > 6 || column.some(hasDigit) || !hasLetters(column)) return [];
  return column;
}

/** Whether a printed label names the field in words the engine knows for it ("Grand Total"). */
function fieldNamer(field: LessonField, ctx: DocContext): (label: readonly Tok[]) => boolean {
  const phrases = phrasesFor({ ...field, label: field.label ?? field.key }, ctx.locales)
    .map((p) => p.compact)
    .filter((phrase) => phrase.length >= 3);
  return (label) => {
    const printed = compact(label.map((t) => t.text).join(' '));
    return phrases.some((phrase) => printed.includes(phrase));
  };
}

/**
 * Where the value is printed and how. The place chosen is the one a later document is most likely
 * to show again for this field: a label that names the field first (the "Total" row rather than an
 * item's amount under the column header "Amount", when a one-item receipt prints both alike), then
 * a label on the value's left, then one above it, in document order; else the first place, alone.
 * Null when the document does not show the value (the reviewer typed something the page does not
 * print).
 */
export function observeField(
  field: LessonField,
  value: Value,
  ctx: DocContext,
  format: { dateOrder?: DateOrder; decimalMark?: DecimalMark } = {},
): FieldObservation | null {
  // a date that reads as the value only in the order the document does not use is another date
  // ("05.06.2024" is not 5 June on a document that prints month first)
  const found = occurrences(ctx, field.type, value).filter(
    (f) =>
      (!format.dateOrder || !f.dateOrder || f.dateOrder === format.dateOrder) &&
      (!format.decimalMark || !f.decimalMark || f.decimalMark === format.decimalMark),
  );
  if (!found.length) return null;
  const namesField = fieldNamer(field, ctx);
  const rank = (l: { label: Tok[]; place: 'right' | 'below' }) =>
    (namesField(l.label) ? 0 : 2) + (l.place === 'right' ? 0 : 1);
  const labelled = found
    .flatMap((f): { f: Found; label: Tok[]; place: 'right' | 'below' }[] => {
      const left = labelOnTheLeft(f);
      if (left.length) return [{ f, label: left, place: 'right' }];
      const above = labelAbove(f, ctx);
      return above.length ? [{ f, label: above, place: 'below' }] : [];
    })
    .map((l, order) => ({ ...l, order, rank: rank(l) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)[0];
  const chosen = labelled?.f ?? found[0];
  if (!chosen) return null;
  const page = ctx.layout.doc.pages.find((p) => p.number === chosen.row.page);
  if (!page) return null;
  const valueToks = chosen.row.words.slice(chosen.start, chosen.end);
  return {
    field: field.key,
    label: labelled
      ? labelled.label
          .map((t) => t.text)
          .join(' ')
          .replace(/[:#]+$/, '')
      : null,
    place: labelled?.place ?? 'page',
    page: page.number,
    at: relativeBox(unionBox(valueToks.map((t) => t.box)), page),
    labelAt: labelled ? relativeBox(unionBox(labelled.label.map((t) => t.box)), page) : null,
    ...(chosen.dateOrder ? { dateOrder: chosen.dateOrder } : {}),
    ...(chosen.decimalMark ? { decimalMark: chosen.decimalMark } : {}),
    evidence: evidenceOf(chosen.row, valueToks, field.type, ctx, !labelled),
  };
}

/**
 * Where a cell value is printed: its row and box (for finding its header). Given `rows`, only
 * there (the other cells of a line item are on the row its description was found on).
 */
export function locateCell(
  type: FieldType,
  value: Value,
  ctx: DocContext,
  rows?: readonly Row[],
): { row: Row; box: Box } | null {
  const found = occurrences(ctx, type, value, rows)[0];
  if (!found) return null;
  return {
    row: found.row,
    box: unionBox(found.row.words.slice(found.start, found.end).map((t) => t.box)),
  };
}
