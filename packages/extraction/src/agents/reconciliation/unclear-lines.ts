import { type NumberAt, type Relation, termValue } from '../arithmetic.js';
import { CLEAR_READING } from '../../extract/confidence/calibrate.js';
import { figureReadingOf } from '../figure-readings.js';
import { agree, cents } from '../numbers.js';
import { lineTableOf } from '../roles.js';
import type { AgentDocument } from '../types.js';

import { readItemLines } from './item-lines.js';

const money = (value: number) => cents(value).toFixed(2);

/**
 * What shows that the item lines of a sum were not read clearly, or null when every line was read
 * clearly: a line whose figures the page prints nowhere in order, a line whose printed row ends in
 * another amount, a row among the items that the table did not capture, or a line figure whose
 * word was read less surely than a clear reading. Item lines read clearly are taken as printed.
 */
export function unclearLinesOf(
  doc: AgentDocument,
  relation: Relation,
  at: NumberAt,
): string | null {
  const lines = lineTableOf(doc.tables);
  if (!lines || !doc.text) return null;
  const terms = relation.left.filter((term) => term.every((ref) => ref.table === lines.key));
  if (terms.length === 0) return null;
  const termOf = new Map(terms.map((term) => [term[0]!.row ?? 0, term]));
  const lineValue = (row: number) => {
    const term = termOf.get(row);
    return term ? termValue(term, at) : null;
  };
  const closing = relation.right.flat().flatMap((ref) => at(ref) ?? []);
  const reading = readItemLines(doc, lines, [...termOf.keys()], lineValue, closing);

  const unprinted = reading.rows.find((r) => !r.printed);
  if (unprinted) return `line ${unprinted.row + 1}'s figures are printed nowhere as read`;
  const inPart = reading.rows.find((r) => {
    const value = lineValue(r.row);
    return r.printed && value !== null && !agree(r.printed.value, value);
  });
  if (inPart?.printed)
    return `line ${inPart.row + 1}'s row ends in ${money(inPart.printed.value)}, not the ${money(lineValue(inPart.row) ?? 0)} read`;
  const missed = reading.uncaptured[0];
  if (missed)
    return `the table did not capture the row "${missed.row.label.trim()} ${money(missed.row.value)}"`;
  for (const term of terms) {
    for (const ref of term) {
      const figure = figureReadingOf(doc, ref);
      if (figure?.ocr && figure.confidence < CLEAR_READING)
        return `line ${(ref.row ?? 0) + 1} was read unsurely (${Math.round(figure.confidence * 100)}%)`;
    }
  }
  return null;
}
