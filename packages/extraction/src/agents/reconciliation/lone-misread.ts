import type { ValueRef } from '@parser/contracts';

import { type NumberAt, type Relation, refsOf } from '../arithmetic.js';
import { figureReadingOf, misreadingOf } from '../figure-readings.js';
import { agree, cents } from '../numbers.js';
import { printedRows } from '../printed-rows.js';
import { fieldRoleOf } from '../roles.js';
import { SumSheet } from '../sum-sheet.js';
import type { AgentDocument } from '../types.js';
import { refKey } from '../value-refs.js';

import type { ReadingDoubt } from './doubt-types.js';
import { namesRole } from '../role-rows.js';
import { totalConfirmationOf } from './total-confirmation.js';

const money = (value: number) => cents(value).toFixed(2);

/** A figure whose change alone makes every sum hold. */
interface Candidate {
  ref: ValueRef;
  read: number;
  expected: number;
}

/**
 * A subtotal, tax or total the document labels on rows of its own, none of which prints the figure
 * read: the reading took it from elsewhere on the page.
 */
function takenFromElsewhere(doc: AgentDocument, ref: ValueRef, read: number): string | null {
  const field = doc.fields.find((f) => f.key === ref.field);
  const role = field ? fieldRoleOf(field) : null;
  if (role !== 'subtotal' && role !== 'tax' && role !== 'total') return null;
  const labelled = printedRows(doc.text).filter((row) => namesRole(row.label, role));
  if (labelled.length === 0 || labelled.some((row) => agree(row.value, read))) return null;
  const shown = labelled
    .slice(0, 2)
    .map((row) => `"${row.label.trim()} ${money(row.value)}"`)
    .join(', ');
  return `no row labelled as the ${role} prints it (${shown}), so the reading took it from elsewhere`;
}

/**
 * The figures of the failed sums whose change alone makes every sum hold (amounts positive, a
 * quantity or price solved by division only when it comes out in cents).
 */
function candidatesOf(relations: readonly Relation[], at: NumberAt): Candidate[] {
  const found = new Map<string, Candidate>();
  const sheet = new SumSheet(relations, at);
  for (const relation of sheet.failed()) {
    for (const ref of refsOf(relation)) {
      const read = at(ref);
      const wanted = sheet.solveFor(relation, ref);
      if (read === null || wanted === null || wanted <= 0) continue;
      const expected = cents(wanted);
      if (Math.abs(expected - wanted) > 0.0001) continue;
      if (sheet.noneFailsWith(ref, expected)) found.set(refKey(ref), { ref, read, expected });
    }
  }
  return [...found.values()];
}

/**
 * When the total is confirmed independently of the failed sums — by the payment or a second total
 * row, or by the sums that hold, which leave one figure that can be wrong — and exactly one other
 * figure disagrees, that figure is the likely misread cell. It is a reading to check rather than a
 * printed disagreement only when its reading leaves room for a misread: an OCR'd figure a second
 * reading gives otherwise, one a misread glyph turns into what the sums want, or one read unsurely
 * that one changed digit makes agree (`misreadingOf`); or a subtotal, tax or total that no row
 * labelled as such prints. A figure read clearly, or from a digital page, where its labelled row
 * prints it, is what the document prints, and the sum fails. Where several figures could each make
 * the sums hold, the one whose reading is in doubt is named, if it is the only one. Null when no
 * such figure is found.
 */
export function loneMisreadOf(
  doc: AgentDocument,
  relations: readonly Relation[],
  at: NumberAt,
  total: ValueRef | null,
  labels: (ref: ValueRef) => string,
): (ReadingDoubt & { suspect: { ref: ValueRef; expected: number } }) | null {
  if (!doc.text) return null;
  const all = candidatesOf(relations, at);
  if (all.length === 0) return null;
  const isTotal = (c: Candidate) => total !== null && refKey(c.ref) === refKey(total);
  const readTotal = total === null ? null : at(total);
  const readConfirmed = readTotal === null ? null : totalConfirmationOf(doc.text, readTotal);
  // The total itself, when what confirms a total confirms the figure the sums give it.
  const totalCandidate = all.find(isTotal);
  const expectedConfirmed =
    totalCandidate && !readConfirmed
      ? totalConfirmationOf(doc.text, totalCandidate.expected)
      : null;

  let pool: Candidate[];
  let confirmation: string;
  if (totalCandidate && expectedConfirmed) {
    pool = [totalCandidate];
    confirmation = `what the sums make the total: ${expectedConfirmed}`;
  } else if (readConfirmed) {
    pool = all.filter((c) => !isTotal(c));
    confirmation = `the total is confirmed: ${readConfirmed}`;
  } else if (all.length === 1 || !totalCandidate) {
    // The sums that hold pin every figure but these, the total among them.
    pool = all;
    confirmation = 'every other figure is confirmed by the sums that hold';
  } else {
    // The total may be the figure that is wrong: nothing outside the sums confirms it.
    return null;
  }

  const doubted = pool.flatMap((c) => {
    const why =
      misreadingOf(figureReadingOf(doc, c.ref), c.read, c.expected) ??
      takenFromElsewhere(doc, c.ref, c.read);
    return why ? [{ ...c, why }] : [];
  });
  // Exactly one figure: the only one that can be wrong, or of several the only one whose reading
  // is in doubt.
  if (doubted.length !== 1) return null;
  const lone = doubted[0]!;
  return {
    note: loneMisreadNote(labels(lone.ref), lone, confirmation),
    suspect: { ref: lone.ref, expected: lone.expected },
  };
}

/** What a warning about the one figure the sums disagree with says: what to look at and why. */
export function loneMisreadNote(
  label: string,
  figure: { read: number; expected: number; why: string },
  confirmation: string,
): string {
  return `${label} reads ${money(figure.read)}, the one figure the sums disagree with (${confirmation}), and its reading is in doubt: ${figure.why}. Read as ${money(figure.expected)}, every sum holds; check it against the page.`;
}
