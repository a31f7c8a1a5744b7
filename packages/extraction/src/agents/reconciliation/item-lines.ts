import { adjustmentLabelsOf, labelsFor } from '../../extract/locales/index.js';
import { agree, numberOf } from '../numbers.js';
import { labelPattern, type PrintedRow, printedRows } from '../printed-rows.js';
import type { LineTable } from '../roles.js';
import type { AgentDocument } from '../types.js';
import { cellRef, valueAt } from '../value-refs.js';

/** How one row of the line-items table compares with the printed row it was read from. */
export interface ItemRowReading {
  row: number;
  /** The printed row the table row was read from, or null when none prints its figures. */
  printed: PrintedRow | null;
  /** True when the row holds an amount and nothing else: no description, no quantity or price. */
  amountOnly: boolean;
}

/** The document's item lines as printed against the table read from them. */
export interface ItemLinesReading {
  rows: ItemRowReading[];
  /**
   * Printed rows among the items that no table row captured (a discount row counts negative).
   * Empty when the item lines cannot be told from the rest of the page.
   */
  uncaptured: { row: PrintedRow; value: number }[];
}

// Rows that close the item lines: totals, subtotals, taxes, and what changes the amount due.
const SUMMARY = [
  ...labelsFor('total'),
  ...labelsFor('subtotal'),
  ...labelsFor('tax'),
  ...adjustmentLabelsOf()
    .filter(([kind]) => kind !== 'discount')
    .map(([, label]) => label),
].map(labelPattern);
const DISCOUNT = adjustmentLabelsOf()
  .filter(([kind]) => kind === 'discount')
  .map(([, label]) => labelPattern(label));

const isSummary = (label: string) => SUMMARY.some((pattern) => pattern.test(label));
const isDiscount = (label: string) => DISCOUNT.some((pattern) => pattern.test(label));

const textAt = (doc: AgentDocument, table: string, row: number, column: string | undefined) => {
  if (column === undefined) return '';
  const value = valueAt(doc.values, cellRef(table, row, column));
  return value === null ? '' : String(value).trim();
};

/**
 * Finds the printed row of each table row (the next row of the text that prints one of its
 * figures, in order), and the printed rows between the first item and the totals that no table
 * row captured. `lineValue` is a row's value as the sums take it (its amount, or qty × price).
 */
export function readItemLines(
  doc: AgentDocument,
  lines: LineTable,
  rowNumbers: readonly number[],
  lineValue: (row: number) => number | null,
  closingFigures: readonly number[],
): ItemLinesReading {
  const printed = printedRows(doc.text);
  const { qty, unit_price: price, amount } = lines.columns;
  const description = doc.tables
    .find((table) => table.key === lines.key)
    ?.columns.find((column) => column.type === 'string')?.key;
  const numberAt = (row: number, column: string | undefined) =>
    column === undefined ? null : numberOf(valueAt(doc.values, cellRef(lines.key, row, column)));

  let after = -1;
  const rows = rowNumbers.map((row): ItemRowReading => {
    const figures = [lineValue(row), numberAt(row, amount), numberAt(row, price)].filter(
      (n): n is number => n !== null && n !== 0,
    );
    const found = printed.find(
      (p) => p.index > after && figures.some((f) => p.figures.some((g) => agree(f, g))),
    );
    if (found) after = found.index;
    return {
      row,
      printed: found ?? null,
      amountOnly:
        textAt(doc, lines.key, row, description) === '' &&
        numberAt(row, qty) === null &&
        (price === amount || numberAt(row, price) === null) &&
        (amount === undefined || numberAt(row, amount) !== null),
    };
  });

  const matched = rows.flatMap((r) => (r.printed ? [r.printed.index] : []));
  // Only when most rows were found on the page is the stretch between them the item lines.
  if (matched.length === 0 || matched.length * 2 < rows.length) return { rows, uncaptured: [] };
  const last = Math.max(...matched);
  const closing = printed.find(
    (p) =>
      p.index > last &&
      (isSummary(p.label) || closingFigures.some((figure) => agree(figure, p.value))),
  );
  if (!closing) return { rows, uncaptured: [] };
  // The item lines start after the last summary row above the first item found (receipts print
  // no money figures in their header), so an item missed above the others counts too.
  const firstFound = Math.min(...matched);
  const start =
    printed.filter((p) => p.index < firstFound && isSummary(p.label)).pop()?.index ?? -1;
  const taken = new Set(matched);
  const uncaptured = printed
    .filter((p) => p.index > start && p.index < closing.index && !taken.has(p.index))
    .filter((p) => p.inCents && !isSummary(p.label))
    .map((p) => ({ row: p, value: isDiscount(p.label) ? -Math.abs(p.value) : p.value }));
  return { rows, uncaptured };
}
