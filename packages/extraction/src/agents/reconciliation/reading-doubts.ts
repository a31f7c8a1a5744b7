import type { ValueRef } from '@parser/contracts';

import {
  imbalance,
  type NumberAt,
  type Relation,
  refsOf,
  solverOf,
  termValue,
} from '../arithmetic.js';
import { agree, CENT, cents } from '../numbers.js';
import { isReadFromDoubtfulGlyph } from '../doubtful-figures.js';
import { isGlyphRepair } from '../ocr-confusions.js';
import { lineTableOf } from '../roles.js';
import type { AgentDocument } from '../types.js';

import type { ReadingDoubt } from './doubt-types.js';
import { itemCountDoubt } from './item-count.js';
import { readItemLines } from './item-lines.js';
import { labelledRowDoubt } from './labelled-rows.js';

const money = (value: number) => cents(value).toFixed(2);

/**
 * What in the reading, rather than the document, makes a relation fail, or null when the reading
 * gives no reason to doubt it (the printed figures then disagree). Each reason is a property of the
 * reading: item lines the table did not capture or captured in part, a row holding only an amount,
 * a figure taken from another row than the one its label names, a figure read from a doubtful
 * glyph. Each must account for the whole difference, so a document that disagrees with itself
 * still fails; last, fewer item lines read than the document counts, when the lines fall short.
 */
export function readingDoubtOf(
  doc: AgentDocument,
  relation: Relation,
  at: NumberAt,
  labels: (ref: ValueRef) => string,
): ReadingDoubt | null {
  if (!doc.text) return null;
  const gap = imbalance(relation, at);
  if (gap === null) return null;
  const holdsWith = (correction: number) =>
    Math.abs(gap + correction) <= (relation.tolerance ?? CENT);
  const lines = lineTableOf(doc.tables);
  // Each way of stating the sum is summed once, however many of its figures are solved for.
  let solvers: ((ref: ValueRef) => number | null)[] | undefined;
  const wantedOf = (ref: ValueRef) => {
    solvers ??= asPrinted(relation).map((r) => solverOf(r, at));
    return solvers.flatMap((solve) => solve(ref) ?? []);
  };
  return (
    itemLinesDoubt(doc, relation, at, labels, holdsWith) ??
    labelledRowDoubt(doc, refsOf(relation), at, labels, wantedOf, relation.tolerance) ??
    doubtfulGlyphDoubt(doc, refsOf(relation), at, labels, wantedOf) ??
    (lines ? itemCountDoubt(doc, relation, gap, lines) : null)
  );
}

/**
 * The ways the document may state a relation: as read, and for "the lines plus tax make the total"
 * also with the tax included in the lines. That relation is chosen only because the lines alone
 * did not make the total as read; with one line misread, neither holds, and the tax may still be
 * included in the lines as printed.
 */
function asPrinted(relation: Relation): Relation[] {
  if (relation.kind !== 'lines_tax_total') return [relation];
  const lines = relation.left.slice(0, -1);
  return [relation, { ...relation, kind: 'lines_total', left: lines }];
}

/**
 * A value read on the page from a figure the text does not print cleanly, when what the sum wants
 * it to read is what such a glyph would give (digits lost or added, one confusion). `wantedOf`
 * gives the readings that would make the sum hold.
 */
export function doubtfulGlyphDoubt(
  doc: AgentDocument,
  refs: readonly ValueRef[],
  at: NumberAt,
  labels: (ref: ValueRef) => string,
  wantedOf: (ref: ValueRef) => number[],
): ReadingDoubt | null {
  for (const ref of refs) {
    const read = at(ref);
    if (read === null || !isReadFromDoubtfulGlyph(doc, doc.values, ref)) continue;
    const wanted = wantedOf(ref).find((value) => value > 0 && isGlyphRepair(read, cents(value)));
    if (wanted === undefined) continue;
    return {
      note: `${labels(ref)} reads ${money(read)}, a figure the document does not print cleanly (a doubtful glyph); read as ${money(wanted)} the sum holds. Check it against the page.`,
      suspect: { ref, expected: cents(wanted) },
    };
  }
  return null;
}

/** The line items of a sum: rows missed, rows read in part, rows that hold only an amount. */
function itemLinesDoubt(
  doc: AgentDocument,
  relation: Relation,
  at: NumberAt,
  labels: (ref: ValueRef) => string,
  holdsWith: (correction: number) => boolean,
): ReadingDoubt | null {
  if (relation.kind === 'line') return null;
  const lines = lineTableOf(doc.tables);
  if (!lines) return null;
  const lineTerms = relation.left.filter((term) => term.every((ref) => ref.table === lines.key));
  if (lineTerms.length === 0) return null;
  // Lines read in full may make the total with the tax included, which the relation chosen for the
  // lines as read ("the lines plus tax") does not allow for.
  const taxes = relation.left
    .filter((term) => !lineTerms.includes(term))
    .flatMap((term) => (term.length === 1 ? (at(term[0]!) ?? []) : []));
  const holdsAsPrinted = (correction: number) =>
    [0, ...taxes].some((included) => holdsWith(correction - included));
  const termOf = new Map(lineTerms.map((term) => [term[0]!.row ?? 0, term]));
  const lineValue = (row: number) => {
    const term = termOf.get(row);
    return term ? termValue(term, at) : null;
  };
  const closing = relation.right.flat().flatMap((ref) => at(ref) ?? []);
  const reading = readItemLines(doc, lines, [...termOf.keys()], lineValue, closing);

  const amountOnly = reading.rows.filter((r) => r.amountOnly);
  const dropped = amountOnly.reduce((sum, r) => sum + (lineValue(r.row) ?? 0), 0);
  if (amountOnly.length > 0 && holdsAsPrinted(-dropped)) {
    const refs = amountOnly.flatMap((r) => termOf.get(r.row) ?? []);
    return {
      note: `${refs.map(labels).join(', ')} ${refs.length === 1 ? 'holds' : 'hold'} only an amount (${money(dropped)}), no description, quantity or price: not an item line the engine could read. Without it the sum holds; check the item lines.`,
      onLines: true,
    };
  }

  const readInPart = reading.rows.flatMap((r) => {
    const value = lineValue(r.row);
    if (!r.printed || value === null || agree(r.printed.value, value)) return [];
    return [{ row: r.row, printed: r.printed.value, read: value }];
  });
  const partCorrection = readInPart.reduce((sum, r) => sum + r.printed - r.read, 0);
  if (readInPart.length > 0 && holdsAsPrinted(partCorrection)) {
    const described = readInPart
      .map((r) => `line ${r.row + 1} prints ${money(r.printed)}, read as ${money(r.read)}`)
      .join('; ');
    return {
      note: `The item lines were read in part (${described}): with the amounts as printed the sum holds. Check those lines.`,
      onLines: true,
    };
  }

  const missed = reading.uncaptured.reduce((sum, u) => sum + u.value, 0);
  if (reading.uncaptured.length > 0 && holdsAsPrinted(missed)) {
    const shown = reading.uncaptured
      .slice(0, 3)
      .map((u) => `"${u.row.label.trim()} ${money(u.row.value)}"`)
      .join(', ');
    const more = reading.uncaptured.length > 3 ? ` and ${reading.uncaptured.length - 3} more` : '';
    return {
      note: `The document prints ${reading.uncaptured.length} item line${reading.uncaptured.length === 1 ? '' : 's'} the table did not capture (${shown}${more}), which make up the difference. Check the item lines.`,
      onLines: true,
    };
  }
  return null;
}
