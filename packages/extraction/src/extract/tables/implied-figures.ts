/**
 * What an item line leaves unprinted. A till prints "MILK 2L 1.45": one of the item, at 1.45 each;
 * "7 Screws 32.62": seven of them, at 4.66 each. A line without a quantity sold one of the item,
 * and a line without a unit price cost its amount divided by its quantity, when that comes out to
 * the cent. A type that asks for the quantity and unit price but not the line amount (a receipt's
 * items) has the amount read all the same, as the column the other two are worked out from.
 */
import type { ColumnDefinition, TableDefinition } from '@parser/contracts';
import type { ExtractedTable, ExtractedValue } from '../../document.js';
import { round2 } from '../context.js';
import { itemRoleOf, type ItemRole } from './column-words.js';

/** The key of the line amount read for a type that does not ask for it. */
const LINE_AMOUNT = '__line_amount';

const CENT = 0.011;
/** Below the confident band: a figure the line's own arithmetic does not bear out. */
const DISAGREEING = 0.59;

const withAmountColumn = new WeakMap<readonly ColumnDefinition[], TableDefinition>();

const keyOf = (columns: readonly ColumnDefinition[], role: ItemRole): string | undefined =>
  columns.find((c) => itemRoleOf(c) === role)?.key;

/**
 * The table to read: the type's own, with a line amount column added when the type asks for a unit
 * price but not for the amount (the same object for the same columns, so header searches are shared).
 */
export function withLineAmount(table: TableDefinition): TableDefinition {
  if (keyOf(table.columns, 'amount') || !keyOf(table.columns, 'unit_price')) return table;
  const known = withAmountColumn.get(table.columns);
  if (known) return known;
  const reading: TableDefinition = {
    ...table,
    columns: [...table.columns, { key: LINE_AMOUNT, label: 'Amount', type: 'currency' }],
  };
  withAmountColumn.set(table.columns, reading);
  return reading;
}

const numberOf = (v: ExtractedValue | undefined): number | null =>
  typeof v?.value === 'number' ? v.value : null;

/** A figure worked out from the line amount: shown where the amount is, a little less sure. */
const workedOut = (value: number, amount: ExtractedValue): ExtractedValue => ({
  value,
  confidence: Math.round(0.9 * amount.confidence * 1000) / 1000,
  source: amount.source,
});

/**
 * The rows of `table` (the type's own) read with `withLineAmount(table)`: quantities and unit prices
 * the lines leave unprinted worked out from their amounts, the added amount column dropped.
 */
export function withImpliedFigures(read: ExtractedTable, table: TableDefinition): ExtractedTable {
  const qtyKey = keyOf(table.columns, 'qty');
  const priceKey = keyOf(table.columns, 'unit_price');
  const amountKey = keyOf(table.columns, 'amount') ?? LINE_AMOUNT;
  return {
    ...read,
    rows: read.rows.map((row) => {
      const { [LINE_AMOUNT]: added, ...own } = row;
      const amountCell = row[amountKey] ?? added;
      const amount = numberOf(amountCell);
      if (!amountCell || amount === null || amount <= 0) return own;
      let qty = qtyKey ? numberOf(row[qtyKey]) : null;
      const price = priceKey ? numberOf(row[priceKey]) : null;
      // no quantity printed: one of the item, unless a unit price says otherwise
      if (qtyKey && qty === null && (price === null || Math.abs(price - amount) <= CENT)) {
        qty = 1;
        own[qtyKey] = workedOut(1, amountCell);
      }
      if (priceKey && price === null && qty) {
        const each = round2(amount / qty);
        if (Math.abs(round2(each * qty) - amount) <= CENT)
          own[priceKey] = workedOut(each, amountCell);
      }
      // the line's own figures disagree and the type has no amount for the agents to check them
      // by: one of them was misread or misprinted, so neither is shown as confident
      // (a whole quantity makes its amount to the cent; a weight may be rounded either way)
      const slack = qty !== null && Number.isInteger(qty) ? 0.005 : CENT;
      if (added && qty !== null && price !== null && Math.abs(round2(qty * price) - amount) > slack)
        for (const key of [qtyKey, priceKey])
          if (key && own[key])
            own[key] = { ...own[key], confidence: Math.min(own[key].confidence, DISAGREEING) };
      return own;
    }),
  };
}
