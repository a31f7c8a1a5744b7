import type { ReconCheck, ValueRef } from '@parser/contracts';

import { agree, cents, numberOf } from '../numbers.js';
import { fieldsByRole } from '../roles.js';
import { grossForNet, type TotalsTable, totalsTableOf } from '../totals-table.js';
import type { AgentDocument } from '../types.js';
import { fieldRef, valueAt } from '../value-refs.js';

const money = (value: number) => cents(value).toFixed(2);

/** The table as printed: "TOTAL HT" 100.00 + "TOTAL TVA" 10.00 = "TOTAL TTC" 110.00. */
const described = (table: TotalsTable) =>
  `"${table.titles.net}" ${money(table.net)} + "${table.titles.tax}" ${money(table.tax)} = "${table.titles.gross}" ${money(table.gross)}`;

/**
 * The total against the document's totals table (net, tax and gross columns): it passes as the
 * gross column, and fails as the net column, the tax left out, unless a row labelled as what is
 * due prints it (an amount due after a prepayment). Nothing when the document prints no such table
 * or the total is neither of its columns.
 */
export function totalsTableCheck(
  doc: AgentDocument,
  labels: (ref: ValueRef) => string,
): ReconCheck[] {
  const roles = fieldsByRole(doc.fields);
  if (!doc.text || roles.total === undefined) return [];
  const ref = fieldRef(roles.total);
  const total = numberOf(valueAt(doc.values, ref));
  const table = totalsTableOf(doc.text);
  if (total === null || !table) return [];
  if (agree(total, table.gross)) {
    return [
      {
        kind: 'arithmetic',
        status: 'pass',
        message: `${labels(ref)} is the gross of the totals table: ${described(table)}`,
        fields: [ref],
      },
    ];
  }
  const gross = grossForNet(doc.text, table, total);
  if (gross === null) return [];
  return [
    {
      kind: 'arithmetic',
      status: 'fail',
      message: `${labels(ref)} reads ${money(total)}, the net column of the totals table (${described(table)}): the total with the tax is ${money(gross)}.`,
      fields: [ref],
      difference: cents(total - gross),
      suspect: { ...ref, expected: gross },
    },
  ];
}
