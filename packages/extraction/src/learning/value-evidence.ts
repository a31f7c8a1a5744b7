/**
 * The evidence a learned place must find again before it reads over the engine: the value written
 * the same way (its shape) and, for a value standing alone, the same words around it. A place that
 * lands on another row of the next document (an address line where the merchant was, an item
 * amount under a column header, an amount where a currency code stood) shows other evidence.
 */
import type { FieldDefinition } from '@parser/contracts';
import type { DocContext } from '../extract/context.js';
import { compact, type Row, type Tok } from '../extract/layout.js';
import type { ValueEvidence } from './hint-types.js';

type FieldType = FieldDefinition['type'];

/** Shapes and words a hint keeps, so that hints stay small however many documents teach them. */
const SHAPES_KEPT = 4;
const WORDS_KEPT = 24;

/**
 * How a printed value is written. Money: its decimals ("d2" for "1.234,50", "d0" for "3"), since
 * the size of an amount changes on every document. Other values: runs of capitals, small letters
 * and digits with the punctuation between them ("A-9" for "RX-1042", "A A (A) A A" for
 * "GARDENIA BAKERIES (KL) SDN BHD"; dates without their spaces, "9.9.9" for "15.03.2024").
 */
export function valueShape(printed: string, type: FieldType): string {
  if (type === 'number' || type === 'currency') {
    // the figures' last separator and what follows it; three digits after it group thousands
    const decimals = /\d[.,](\d{1,3})(?!\d)[^\d]*$/.exec(printed)?.[1];
    return decimals && decimals.length < 3 ? `d${decimals.length}` : 'd0';
  }
  // the punctuation around a value is the label's or the row's ("N° : F2018", "Total: 5.00.")
  const runs = printed
    .replace(/^[\s:#.,;-]+|[\s:#.,;-]+$/g, '')
    .replace(/(\p{Lu}+)|(\p{L}+)|(\p{N}+)/gu, (_run, capitals?: string, letters?: string) =>
      capitals ? 'A' : letters ? 'a' : '9',
    );
  return type === 'date' ? runs.replace(/\s+/g, '') : runs.replace(/\s+/g, ' ');
}

/**
 * A word that may stay put from one document of a vendor to the next: a word or an id with letters
 * ("jalan", "556677k"), not an amount or a date.
 */
const lasting = (word: string): boolean => word.length >= 3 && /[a-z]/.test(word);

/**
 * The words around a value on its page: the rest of its row and the rows right above and below
 * (one page, no farther than a line's gap). What stands next to a company name (its registration
 * number, its street) is the same on the vendor's next receipt; an address line's neighbours
 * are not.
 */
export function wordsAround(row: Row, value: readonly Tok[], ctx: DocContext): string[] {
  const rows = ctx.layout.rows;
  const gap = 2.5 * ctx.layout.unit;
  const near = [rows[row.index - 1], row, rows[row.index + 1]].filter(
    (r): r is Row =>
      r !== undefined &&
      r.page === row.page &&
      (r === row ||
        Math.min(Math.abs(r.box[1] - row.box[3]), Math.abs(row.box[1] - r.box[3])) <= gap),
  );
  const words = near
    .flatMap((r) => r.words)
    .filter((t) => !value.includes(t))
    .map((t) => compact(t.text))
    .filter(lasting);
  return [...new Set(words)].slice(0, WORDS_KEPT);
}

/** The evidence of a value printed as `toks` on `row`. */
export function evidenceOf(
  row: Row,
  toks: readonly Tok[],
  type: FieldType,
  ctx: DocContext,
  alone: boolean,
): ValueEvidence {
  const printed = toks.map((t) => t.text).join(' ');
  return {
    shapes: [valueShape(printed, type)],
    nearby: alone ? wordsAround(row, toks, ctx) : [],
  };
}

/** A hint's evidence confirmed once more: every way the value was written, the words around it. */
export function mergeEvidence(
  held: ValueEvidence | undefined,
  seen: ValueEvidence | undefined,
): ValueEvidence | undefined {
  if (!held || !seen) return seen ?? held;
  return {
    shapes: [...new Set([...seen.shapes, ...held.shapes])].slice(0, SHAPES_KEPT),
    nearby: [...new Set([...seen.nearby, ...held.nearby])].slice(0, WORDS_KEPT),
  };
}

/**
 * Whether a value found where a hint looks shows the hint's evidence: written in a shape the
 * vendor's reviewed documents had, and, for a value with no label, standing among some of the same
 * words. A hint that recorded no neighbours has nothing to recognise its spot by.
 */
export function showsSameEvidence(
  learned: ValueEvidence,
  found: ValueEvidence,
  alone: boolean,
): boolean {
  if (!found.shapes.some((shape) => learned.shapes.includes(shape))) return false;
  if (!alone) return true;
  return found.nearby.some((word) => learned.nearby.includes(word));
}
