import type { ReconCheck } from '@parser/contracts';

import { detectDecimalMark, findAmounts } from '../../extract/parse.js';
import { agree, cents, numberOf } from '../numbers.js';
import { fieldsByRole } from '../roles.js';
import type { AgentDocument } from '../types.js';
import { fieldRef, isEmptyValue, valueAt } from '../value-refs.js';

/**
 * When the tax was not read, subtotal + tax = total cannot be checked directly; but the tax the
 * two imply must then be printed somewhere on the document. An implied tax the document never
 * prints means the subtotal or the total is wrong.
 */
export function impliedTaxCheck(doc: AgentDocument): ReconCheck[] {
  const roles = fieldsByRole(doc.fields);
  if (!doc.text || !roles.tax || !roles.subtotal || !roles.total) return [];
  if (!isEmptyValue(valueAt(doc.values, fieldRef(roles.tax)))) return [];
  const subtotal = numberOf(valueAt(doc.values, fieldRef(roles.subtotal)));
  const total = numberOf(valueAt(doc.values, fieldRef(roles.total)));
  if (subtotal === null || total === null || agree(subtotal, total)) return [];
  const implied = cents(total - subtotal);
  const printed = findAmounts(doc.text, detectDecimalMark(doc.text)).some((amount) =>
    agree(amount.value, implied),
  );
  const fields = [fieldRef(roles.subtotal), fieldRef(roles.tax), fieldRef(roles.total)];
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
