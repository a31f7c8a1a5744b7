import { agree, cents, numberOf } from '../numbers.js';
import { fieldsByRole } from '../roles.js';
import { grossForNet, totalsTableOf } from '../totals-table.js';
import type { AgentDocument } from '../types.js';
import { fieldRef, valueAt } from '../value-refs.js';

import type { ChangeLog } from './change-log.js';

const RULE = 'rule';
/** A figure of a totals table whose net + tax = gross holds, under titles that name each column. */
const FROM_TABLE = 0.85;

const money = (value: number) => cents(value).toFixed(2);

/**
 * The total from the document's totals table (net, tax and gross columns): a total read from the
 * net column, or not read at all, takes the gross, unless a row labelled as due prints the net (an
 * amount due after a prepayment is the total the document means). With the total the gross, an
 * empty subtotal and tax take the net and the tax; beside an amount due they need not add up to
 * it, so they are left to the reading then. Values a person entered stay as they are.
 */
export function takeFromTotalsTable(doc: AgentDocument, log: ChangeLog): void {
  const table = doc.text ? totalsTableOf(doc.text) : null;
  if (!table) return;
  const roles = fieldsByRole(doc.fields);
  const printed = `"${table.titles.net}" ${money(table.net)} + "${table.titles.tax}" ${money(table.tax)} = "${table.titles.gross}" ${money(table.gross)}`;
  const take = (key: string | undefined, value: number, reason: string) => {
    if (key === undefined) return;
    log.apply(
      fieldRef(key),
      { value, confidence: FROM_TABLE, source: null },
      { reason, source: RULE },
    );
  };
  const read = (key: string | undefined) =>
    key === undefined ? null : numberOf(valueAt(log.values, fieldRef(key)));
  const total = read(roles.total);
  if (total === null) {
    take(roles.total, table.gross, `Taken from the totals table's gross column (${printed})`);
  } else {
    const gross = grossForNet(doc.text, table, total);
    if (gross !== null)
      take(
        roles.total,
        gross,
        `${money(total)} is the net column of the totals table (${printed}): the total is the gross`,
      );
  }
  // with the total the table's gross, its net and tax are the subtotal and tax that make it
  if (!agree(read(roles.total) ?? NaN, table.gross)) return;
  if (read(roles.subtotal) === null)
    take(roles.subtotal, table.net, `Taken from the totals table's net column (${printed})`);
  if (read(roles.tax) === null)
    take(roles.tax, table.tax, `Taken from the totals table's tax column (${printed})`);
}
