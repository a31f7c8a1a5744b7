import type { ValueRef } from '@parser/contracts';

import type { NumberAt } from '../arithmetic.js';
import { agree, CENT, cents } from '../numbers.js';
import { isGlyphRepair, isOneDigitApart } from '../ocr-confusions.js';
import { printedRows } from '../printed-rows.js';
import { fieldRoleOf } from '../roles.js';
import type { AgentDocument } from '../types.js';
import { cellAt } from '../value-refs.js';

import type { ReadingDoubt } from './doubt-types.js';
import { namesRole } from '../role-rows.js';

const money = (value: number) => cents(value).toFixed(2);

/** The subtotal, tax and total among `refs` read on the page, with the rows labelled as each. */
function labelledFigures(doc: AgentDocument, refs: readonly ValueRef[], at: NumberAt) {
  const rows = printedRows(doc.text);
  return refs.flatMap((ref) => {
    if (ref.field === undefined || !cellAt(doc.values, ref)?.source) return [];
    const field = doc.fields.find((f) => f.key === ref.field);
    const role = field ? fieldRoleOf(field) : null;
    const read = at(ref);
    if ((role !== 'subtotal' && role !== 'tax' && role !== 'total') || read === null) return [];
    const labelled = rows.filter((row) => namesRole(row.label, role));
    if (labelled.length === 0 || labelled.some((row) => agree(row.value, read))) return [];
    return [{ ref, role, read, labelled }];
  });
}

/**
 * A subtotal, tax or total read from another figure than the one its labelled row prints, when
 * that row's figure is what the sum wants (`wantedOf`): the reading took the wrong figure. A
 * figure misprinted on its own row is read as printed, so this never explains a document that
 * disagrees with itself.
 */
export function labelledRowDoubt(
  doc: AgentDocument,
  refs: readonly ValueRef[],
  at: NumberAt,
  labels: (ref: ValueRef) => string,
  wantedOf: (ref: ValueRef) => number[],
  tolerance = CENT,
): ReadingDoubt | null {
  for (const { ref, role, read, labelled } of labelledFigures(doc, refs, at)) {
    const wanted = wantedOf(ref);
    const row = labelled.find((r) => wanted.some((w) => Math.abs(r.value - w) <= tolerance));
    if (!row) continue;
    return {
      note: `${labels(ref)} reads ${money(read)}, which no row labelled as such prints; the row "${row.label.trim()}" prints ${money(row.value)}, with which the sum holds. Check which figure is the ${role}.`,
      suspect: { ref, expected: cents(row.value) },
    };
  }
  return null;
}

/**
 * A subtotal, tax or total that none of the rows labelled as it prints, nor one misread glyph away
 * from what they print: the reading took it from elsewhere on the page, whatever the sums then
 * say. A figure misprinted on its own row is read as printed (or as a misread of it), so this
 * never explains a document that disagrees with itself; a document without a row labelled as the
 * field says nothing either way.
 */
export function takenFromElsewhereDoubt(
  doc: AgentDocument,
  refs: readonly ValueRef[],
  at: NumberAt,
  labels: (ref: ValueRef) => string,
): ReadingDoubt | null {
  // A figure its labelled row prints but for a misread glyph was read from that row: whether the
  // document agrees with itself is then the labelled figure's to say.
  const first = labelledFigures(doc, refs, at).find(
    ({ read, labelled }) =>
      !labelled.some((row) => isGlyphRepair(read, row.value) || isOneDigitApart(read, row.value)),
  );
  if (!first) return null;
  const shown = first.labelled
    .slice(0, 2)
    .map((r) => `"${r.label.trim()} ${money(r.value)}"`)
    .join(', ');
  return {
    note: `${labels(first.ref)} reads ${money(first.read)}, which no row labelled as the ${first.role} prints (${shown}): the reading took it from elsewhere on the page. Check which figure is the ${first.role}.`,
  };
}
