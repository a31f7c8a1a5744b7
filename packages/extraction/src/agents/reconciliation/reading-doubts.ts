import type { ValueRef } from '@parser/contracts';

import { blockersOf, labelsFor } from '../../extract/locales/index.js';
import {
  imbalance,
  type NumberAt,
  type Relation,
  refsOf,
  solveFor,
  termValue,
} from '../arithmetic.js';
import { agree, CENT, cents } from '../numbers.js';
import { labelPattern, printedRows } from '../printed-rows.js';
import { isReadFromDoubtfulGlyph } from '../doubtful-figures.js';
import { isGlyphRepair } from '../ocr-confusions.js';
import { type FieldRole, fieldRoleOf, lineTableOf } from '../roles.js';
import type { AgentDocument } from '../types.js';
import { cellAt } from '../value-refs.js';

import { itemCountDoubt } from './item-count.js';
import { readItemLines } from './item-lines.js';

/**
 * Why a sum of the values read may disagree while the printed figures agree: what the reading
 * missed or got from a doubtful glyph, and the values a clerk should look at.
 */
export interface ReadingDoubt {
  note: string;
  /** The one value read wrong, when the page shows what it should read. */
  suspect?: { ref: ValueRef; expected: number };
}

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
  return (
    itemLinesDoubt(doc, relation, at, labels, holdsWith) ??
    labelledRowDoubt(doc, relation, at, labels) ??
    doubtfulGlyphDoubt(doc, refsOf(relation), at, labels, (ref) => {
      const wanted = solveFor(relation, ref, at);
      return wanted === null ? [] : [wanted];
    }) ??
    (lines ? itemCountDoubt(doc, relation, gap, lines) : null)
  );
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
    };
  }
  return null;
}

const ROLE_LABELS: Partial<Record<FieldRole, RegExp[]>> = {
  subtotal: labelsFor('subtotal').map(labelPattern),
  tax: labelsFor('tax').map(labelPattern),
  total: labelsFor('total').map(labelPattern),
};

// Labels that hold a role's word but mean something else ("Total Qty" for a total); a blocker
// that is itself one of the role's labels ("Subtotal") does not block it.
const blockersFor = (role: 'subtotal' | 'tax' | 'total') => {
  const own = new Set(labelsFor(role).map((l) => l.toLowerCase()));
  return blockersOf()
    .filter((b) => !own.has(b.toLowerCase()))
    .map(labelPattern);
};
const BLOCKERS: Partial<Record<FieldRole, RegExp[]>> = {
  subtotal: blockersFor('subtotal'),
  tax: blockersFor('tax'),
  total: blockersFor('total'),
};

/** Whether a printed row's label names a role, and not a more particular one ("Sub Total"). */
export function namesRole(label: string, role: FieldRole): boolean {
  if ((BLOCKERS[role] ?? []).some((p) => p.test(label))) return false;
  const matches = (r: FieldRole) => (ROLE_LABELS[r] ?? []).some((p) => p.test(label));
  if (!matches(role)) return false;
  return role !== 'total' || (!matches('subtotal') && !matches('tax'));
}

/**
 * A subtotal, tax or total read from another figure than the one its labelled row prints, when
 * that row's figure makes the sum hold: the reading took the wrong figure. A figure misprinted on
 * its own row is read as printed, so this never explains a document that disagrees with itself.
 */
function labelledRowDoubt(
  doc: AgentDocument,
  relation: Relation,
  at: NumberAt,
  labels: (ref: ValueRef) => string,
): ReadingDoubt | null {
  const rows = printedRows(doc.text);
  for (const ref of refsOf(relation)) {
    if (ref.field === undefined || !cellAt(doc.values, ref)?.source) continue;
    const field = doc.fields.find((f) => f.key === ref.field);
    const role = field ? fieldRoleOf(field) : null;
    const read = at(ref);
    if (!role || !ROLE_LABELS[role] || read === null) continue;
    const labelled = rows.filter((row) => namesRole(row.label, role));
    if (labelled.length === 0 || labelled.some((row) => agree(row.value, read))) continue;
    const wanted = solveFor(relation, ref, at);
    if (wanted === null) continue;
    const tolerance = relation.tolerance ?? CENT;
    const row = labelled.find((r) => Math.abs(r.value - wanted) <= tolerance);
    if (!row) continue;
    return {
      note: `${labels(ref)} reads ${money(read)}, which no row labelled as such prints; the row "${row.label.trim()}" prints ${money(row.value)}, with which the sum holds. Check which figure is the ${role}.`,
      suspect: { ref, expected: cents(row.value) },
    };
  }
  return null;
}
