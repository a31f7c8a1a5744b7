import type { ReconCheck, ValueRef } from '@parser/contracts';

import { detectDecimalMark, findAmounts } from '../../extract/parse.js';
import { isTaxOf, printedRateOf } from '../../extract/tax-rate.js';
import { numbersOf } from '../arithmetic.js';
import { agree, cents, numberOf } from '../numbers.js';
import { joinDecimals, printedRows } from '../printed-rows.js';
import { fieldsByRole } from '../roles.js';
import type { AgentDocument } from '../types.js';
import { fieldRef, valueAt } from '../value-refs.js';

import { doubtfulGlyphDoubt } from './reading-doubts.js';
import { namesIncludedTax, namesRole } from '../role-rows.js';

const percent = (rate: number): string => `${cents(rate * 100)}%`;
const money = (value: number): string => cents(value).toFixed(2);

/**
 * The tax against the rate its row prints. Subtotal + tax = total holds however wrong the tax is
 * when the total was summed from it; only the rate shows a tax worked out wrongly. The tax read
 * must be the stated rate of an amount the document prints (the net it was added to, the gross it
 * is included in, a tax summary's base). When none is, the tax is wrong, unless it was read from a
 * doubtful glyph whose likely reading fits (then a warning names it). Checked only when the rows
 * printing the tax agree on one rate: a tax of several rates is their sum, no one rate's.
 */
export function taxRateCheck(doc: AgentDocument, labels: (ref: ValueRef) => string): ReconCheck[] {
  const roles = fieldsByRole(doc.fields);
  if (!doc.text || roles.tax === undefined) return [];
  const taxRef = fieldRef(roles.tax);
  const tax = numberOf(valueAt(doc.values, taxRef));
  if (tax === null || tax <= 0) return [];
  const rates = [
    ...new Set(
      printedRows(doc.text)
        .filter(
          (row) =>
            (namesRole(row.label, 'tax') || namesIncludedTax(row.label)) && agree(row.value, tax),
        )
        .map((row) => printedRateOf(row.label)),
    ),
  ];
  const rate = rates[0];
  if (rates.length !== 1 || rate === null || rate === undefined) return [];

  const fits = (amount: number) => isTaxOf(tax, amount, rate);
  const mark = detectDecimalMark(doc.text);
  const printed = findAmounts(joinDecimals(doc.text), mark)
    .filter((amount) => amount.hasDecimals && !agree(Math.abs(amount.value), tax))
    .map((amount) => Math.abs(amount.value));
  const base = printed.find(fits);
  if (base !== undefined) {
    return [
      {
        kind: 'arithmetic',
        status: 'pass',
        message: `Tax ${percent(rate)} of ${money(base)} is ${money(tax)}, as read`,
        fields: [taxRef],
      },
    ];
  }

  // What the tax would be of the document's own subtotal and total, for the message and for a
  // misread glyph: the subtotal it was added to, or the total it is included in.
  const subtotal =
    roles.subtotal === undefined ? null : numberOf(valueAt(doc.values, fieldRef(roles.subtotal)));
  const total =
    roles.total === undefined ? null : numberOf(valueAt(doc.values, fieldRef(roles.total)));
  const expected = [
    ...(subtotal !== null && subtotal > 0
      ? [{ tax: cents(subtotal * rate), of: `added to the subtotal ${money(subtotal)}` }]
      : []),
    ...(total !== null && total > 0
      ? [{ tax: cents((total * rate) / (1 + rate)), of: `included in the total ${money(total)}` }]
      : []),
  ];
  const doubt = doubtfulGlyphDoubt(doc, [taxRef], numbersOf(doc.values), labels, () =>
    expected.map((e) => e.tax),
  );
  const should = expected.length
    ? ` (${expected.map((e) => `${money(e.tax)} ${e.of}`).join(', or ')})`
    : '';
  if (doubt) {
    return [
      {
        kind: 'arithmetic',
        status: 'warn',
        message: `Tax ${money(tax)} is not ${percent(rate)} of any amount the document prints. ${doubt.note}`,
        fields: [taxRef],
        ...(doubt.suspect
          ? { suspect: { ...doubt.suspect.ref, expected: doubt.suspect.expected } }
          : {}),
      },
    ];
  }
  return [
    {
      kind: 'arithmetic',
      status: 'fail',
      message: `Tax ${money(tax)} is not ${percent(rate)} of any amount the document prints${should}: the tax is wrong`,
      fields: [taxRef],
      ...(expected[0] !== undefined
        ? {
            difference: cents(tax - expected[0].tax),
            suspect: { ...taxRef, expected: expected[0].tax },
          }
        : {}),
    },
  ];
}
