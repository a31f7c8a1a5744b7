import type { ValueRef } from '@parser/contracts';

import { holds, imbalance, type NumberAt, type Relation, refsOf } from '../arithmetic.js';
import { CENT, cents, numberOf } from '../numbers.js';
import { printedRows } from '../printed-rows.js';
import { fieldsByRole, lineTableOf } from '../roles.js';
import type { AgentDocument } from '../types.js';
import { fieldRef, valueAt } from '../value-refs.js';

import { namesRole } from '../role-rows.js';

/** What a failed sum of the lines blames when the closing figures agree among themselves. */
export interface LinesBlame {
  /** The lines' values: what is wrong is among them. */
  refs: ValueRef[];
  /** That the closing figures agree, in words ("Subtotal + tax = total holds (…)"). */
  agreement: string;
  /** The agreement and what it makes of the lines. */
  note: string;
}

const money = (value: number) => cents(value).toFixed(2);
const plus = (value: number) => (value < 0 ? `− ${money(-value)}` : `+ ${money(value)}`);

const LINE_SUMS: readonly Relation['kind'][] = ['lines_subtotal', 'lines_tax_total', 'lines_total'];

/**
 * The subtotal, tax and total agreeing among themselves, in words: subtotal + tax = total as read
 * (or subtotal = total, the tax included), or, with no subtotal read, a subtotal the page prints
 * on a row labelled as such that the tax read (none when unread) makes the total. Null when they
 * do not agree or cannot be told.
 */
function closingAgreement(
  doc: AgentDocument,
  relations: readonly Relation[],
  at: NumberAt,
): string | null {
  const roles = fieldsByRole(doc.fields);
  const value = (key: string | undefined) =>
    key === undefined ? null : numberOf(valueAt(doc.values, fieldRef(key)));
  const total = value(roles.total);
  if (total === null) return null;
  const tax = value(roles.tax);
  const subtotal = value(roles.subtotal);
  if (subtotal !== null) {
    const agreed = relations.find((r) => r.kind === 'subtotal_tax_total' && holds(r, at) === true);
    if (!agreed) return null;
    return agreed.left.length > 1 && tax !== null
      ? `subtotal + tax = total (${money(subtotal)} ${plus(tax)} = ${money(total)})`
      : `subtotal = total, the tax included (${money(subtotal)})`;
  }
  if (!doc.text) return null;
  const printed = printedRows(doc.text).find(
    (row) =>
      namesRole(row.label, 'subtotal') &&
      row.value > 0 &&
      Math.abs(row.value + (tax ?? 0) - total) <= CENT,
  );
  if (!printed) return null;
  return tax === null
    ? `the subtotal the document prints is the total (${money(total)})`
    : `the subtotal the document prints + tax = total (${money(printed.value)} ${plus(tax)} = ${money(total)})`;
}

/**
 * A sum of the lines that fails while the subtotal, tax and total agree among themselves: the
 * lines are what is off (a line missed, a line misread), not the tax or the total the relation
 * also holds, so the check blames the lines alone and says why. Null for any other relation, or
 * when the closing figures do not vouch for each other.
 */
export function shortLinesBlame(
  doc: AgentDocument,
  relation: Relation,
  relations: readonly Relation[],
  at: NumberAt,
): LinesBlame | null {
  if (!LINE_SUMS.includes(relation.kind) || holds(relation, at) !== false) return null;
  const lines = lineTableOf(doc.tables);
  if (!lines) return null;
  const refs = refsOf(relation).filter((ref) => ref.table === lines.key);
  const closing = closingAgreement(doc, relations, at);
  const gap = imbalance(relation, at);
  if (refs.length === 0 || !closing || gap === null) return null;
  const agreement = `The closing figures agree: ${closing}`;
  // lines short of the sum lack something; lines over it hold something the sum does not
  const why =
    gap < 0
      ? `${money(-gap)} short: a line is missing or misread, or a charge on the whole document was not read`
      : `${money(gap)} over: a line is misread or read twice, or a discount on the whole document was not read`;
  return {
    refs,
    agreement,
    note: `${agreement}; the lines come ${why}. Check the item lines.`,
  };
}
