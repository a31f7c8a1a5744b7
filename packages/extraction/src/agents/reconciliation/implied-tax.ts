import type { ReconCheck, ValueRef } from '@parser/contracts';

import { detectDecimalMark, findAmounts } from '../../extract/parse.js';
import { numbersOf } from '../arithmetic.js';
import { figureReadingOf, misreadingOf } from '../figure-readings.js';
import { agree, cents, numberOf } from '../numbers.js';
import { joinDecimals, printedRows } from '../printed-rows.js';
import { fieldsByRole } from '../roles.js';
import type { AgentDocument } from '../types.js';
import { fieldRef, isEmptyValue, valueAt } from '../value-refs.js';

import { loneMisreadNote } from './lone-misread.js';
import { labelledRowDoubt, takenFromElsewhereDoubt } from './labelled-rows.js';
import type { ReadingDoubt } from './doubt-types.js';
import { doubtfulGlyphDoubt } from './reading-doubts.js';
import { namesRole } from '../role-rows.js';
import { totalConfirmationOf } from './total-confirmation.js';

/**
 * When the tax was not read, subtotal + tax = total cannot be checked directly; but the tax the
 * two imply must then be printed somewhere on the document. An implied tax the document never
 * prints means the subtotal or the total is wrong, unless one of them was read from a doubtful
 * glyph or from another figure than the rows labelled as it print, or the total is confirmed and
 * the subtotal, its OCR reading in doubt, is the one figure a printed tax row disagrees with (then
 * a warning names it).
 */
export function impliedTaxCheck(
  doc: AgentDocument,
  labels: (ref: ValueRef) => string,
): ReconCheck[] {
  const roles = fieldsByRole(doc.fields);
  if (!doc.text || !roles.tax || !roles.subtotal || !roles.total) return [];
  if (!isEmptyValue(valueAt(doc.values, fieldRef(roles.tax)))) return [];
  const subtotal = numberOf(valueAt(doc.values, fieldRef(roles.subtotal)));
  const total = numberOf(valueAt(doc.values, fieldRef(roles.total)));
  if (subtotal === null || total === null || agree(subtotal, total)) return [];
  const implied = cents(total - subtotal);
  // a figure OCR read with a space after its decimal mark ("0. 37") is printed all the same
  const amounts = findAmounts(joinDecimals(doc.text), detectDecimalMark(doc.text));
  const printed = amounts.some((amount) => agree(amount.value, implied));
  const fields = [fieldRef(roles.subtotal), fieldRef(roles.tax), fieldRef(roles.total)];
  // A subtotal or total read from a doubtful glyph, when a tax the document prints makes it agree.
  const printedTaxes = printedRows(doc.text)
    .filter((row) => namesRole(row.label, 'tax') && row.value > 0 && row.value < total)
    .map((row) => row.value);
  const wantedOf = (ref: ValueRef) =>
    printedTaxes.map((t) => (ref === fields[0] ? total - t : subtotal + t));
  const read = [fields[0]!, fields[2]!];
  const at = numbersOf(doc.values);
  const doubt = printed
    ? null
    : (doubtfulGlyphDoubt(doc, read, at, labels, wantedOf) ??
      unsureSubtotalDoubt(doc, fields[0]!, subtotal, total, printedTaxes, labels) ??
      labelledRowDoubt(doc, read, at, labels, wantedOf) ??
      takenFromElsewhereDoubt(doc, read, at, labels));
  if (doubt) {
    return [
      {
        kind: 'arithmetic',
        status: 'warn',
        message: `Total − subtotal = ${implied.toFixed(2)}, a tax the document does not print. ${doubt.note}`,
        fields,
        difference: implied,
        ...(doubt.suspect
          ? { suspect: { ...doubt.suspect.ref, expected: doubt.suspect.expected } }
          : {}),
      },
    ];
  }
  return [
    printed
      ? {
          kind: 'arithmetic',
          status: 'pass',
          message: `Total − subtotal = ${implied.toFixed(2)}, which the document prints`,
          fields,
        }
      : {
          kind: 'arithmetic',
          status: 'fail',
          message: `Total − subtotal = ${implied.toFixed(2)}, but the document prints no such tax: the subtotal or the total is wrong`,
          fields,
          difference: implied,
        },
  ];
}

/**
 * A subtotal whose reading is in doubt, when the total is confirmed (the payment, a second total
 * row) and the document prints one tax, so total − tax is what the subtotal should read: the
 * subtotal is the one figure that disagrees.
 */
function unsureSubtotalDoubt(
  doc: AgentDocument,
  ref: ValueRef,
  subtotal: number,
  total: number,
  printedTaxes: readonly number[],
  labels: (ref: ValueRef) => string,
): ReadingDoubt | null {
  const confirmed = totalConfirmationOf(doc.text, total);
  const expected = [...new Set(printedTaxes.map((t) => cents(total - t)))];
  if (!confirmed || expected.length !== 1) return null;
  const figure = { read: subtotal, expected: expected[0]! };
  const why = misreadingOf(figureReadingOf(doc, ref), figure.read, figure.expected);
  if (!why) return null;
  return {
    note: loneMisreadNote(labels(ref), { ...figure, why }, `the total is confirmed: ${confirmed}`),
    suspect: { ref, expected: figure.expected },
  };
}
