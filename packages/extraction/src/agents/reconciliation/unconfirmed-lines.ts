import type { ValueRef } from '@parser/contracts';

import { holds, type NumberAt, type Relation, sideValue } from '../arithmetic.js';
import { CLEAR_READING } from '../../extract/confidence/calibrate.js';
import { figureReadingOf } from '../figure-readings.js';
import { agree, cents } from '../numbers.js';
import { printedRows } from '../printed-rows.js';
import { fieldRoleOf } from '../roles.js';
import type { AgentDocument } from '../types.js';
import { refKey } from '../value-refs.js';

import type { ReadingDoubt } from './doubt-types.js';
import { namesRole } from '../role-rows.js';
import { totalConfirmationOf } from './total-confirmation.js';
import { unclearLinesOf } from './unclear-lines.js';

const money = (value: number) => cents(value).toFixed(2);

const SUMS_OF_LINES: readonly Relation['kind'][] = [
  'lines_subtotal',
  'lines_total',
  'lines_tax_total',
];

/**
 * Item lines that nothing confirms, against a closing figure that is confirmed. Where the document
 * type prints one figure per line (a till receipt's price), no qty × unit price = amount check
 * confirms a line as read, and the item lines are the part of the page a reader gets wrong most
 * (rows merged, split or skipped, a quantity taken for a price). When the subtotal or total the
 * lines are summed to is confirmed apart from them — subtotal + tax = total holds, the payment or
 * a second total row gives the total, or it was read clearly from its own row — and the lines show they were not read clearly
 * (`unclearLinesOf`), the printed figures agree and the lines were read wrong. Lines read clearly
 * are taken as printed, a type with per-line arithmetic confirms its lines, and a closing figure
 * nothing confirms may be the one wrong: each of those still fails.
 */
export function unconfirmedLinesDoubt(
  doc: AgentDocument,
  relation: Relation,
  relations: readonly Relation[],
  at: NumberAt,
  asShown: NumberAt,
  labels: (ref: ValueRef) => string,
): ReadingDoubt | null {
  if (!SUMS_OF_LINES.includes(relation.kind) || relations.some((r) => r.kind === 'line'))
    return null;
  const closing = relation.right.flat();
  if (closing.length !== 1) return null;
  const figure = closing[0]!;
  const read = at(figure);
  const shown = asShown(figure);
  const lines = sideValue(relation.left, at);
  if (read === null || shown === null || lines === null) return null;
  // Read as the page shows it, the closing figure may make the lines agree after all.
  if (holds(relation, asShown) !== false) return null;
  const why = confirmationOf(doc, figure, shown, relations, asShown);
  if (!why) return null;
  const unclear = unclearLinesOf(doc, relation, at);
  if (!unclear) return null;
  const figureAs = agree(read, shown)
    ? `${labels(figure)} ${money(read)}`
    : `${labels(figure)}, read as ${money(shown)},`;
  return {
    note: `The item lines as read come to ${money(lines)}, but ${figureAs} is confirmed (${why}); nothing confirms a line as read (each prints one figure, without qty × unit price = amount) and they were not read clearly: ${unclear}. Check the item lines.`,
    onLines: true,
  };
}

/**
 * What confirms a subtotal or total apart from the lines: a sum that holds, the payment or a
 * second total row, or the figure read clearly from a row labelled as it (its printed row, in
 * digits the reader was sure of), which is what the document prints there.
 */
function confirmationOf(
  doc: AgentDocument,
  figure: ValueRef,
  value: number,
  relations: readonly Relation[],
  at: NumberAt,
): string | null {
  const key = refKey(figure);
  const closingSum = relations.find(
    (r) =>
      r.kind === 'subtotal_tax_total' &&
      [...r.left.flat(), ...r.right.flat()].some((ref) => refKey(ref) === key),
  );
  if (closingSum && holds(closingSum, at) === true)
    return closingSum.left.length > 1
      ? 'subtotal + tax = total holds'
      : 'the subtotal is the total';
  return totalConfirmationOf(doc.text, value) ?? clearlyReadOnItsRow(doc, figure, value);
}

function clearlyReadOnItsRow(doc: AgentDocument, figure: ValueRef, value: number): string | null {
  const field = doc.fields.find((f) => f.key === figure.field);
  const role = field ? fieldRoleOf(field) : null;
  if (role !== 'subtotal' && role !== 'total') return null;
  const row = printedRows(doc.text).find((r) => namesRole(r.label, role) && agree(r.value, value));
  const reading = figureReadingOf(doc, figure);
  if (!row || !reading || reading.alternatives.length > 0) return null;
  if (reading.ocr && reading.confidence < CLEAR_READING) return null;
  return `read clearly from its row "${row.label.trim()} ${money(row.value)}"`;
}
