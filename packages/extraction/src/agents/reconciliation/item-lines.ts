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

  const nextPrinting = figureFinder(printed);
  // Where in `printed` the last row was found: each row is looked for after the one before.
  let after = -1;
  const rows = rowNumbers.map((row): ItemRowReading => {
    const figures = [lineValue(row), numberAt(row, amount), numberAt(row, price)].filter(
      (n): n is number => n !== null && n !== 0,
    );
    const position = nextPrinting(figures, after);
    const found = position < 0 ? undefined : printed[position];
    if (found) after = position;
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
  // Loops rather than Math.max(...matched): thousands of lines are too many arguments.
  const last = matched.reduce((a, b) => Math.max(a, b));
  const closing = printed.find(
    (p) =>
      p.index > last &&
      (isSummary(p.label) || closingFigures.some((figure) => agree(figure, p.value))),
  );
  if (!closing) return { rows, uncaptured: [] };
  // The item lines start after the last summary row above the first item found (receipts print
  // no money figures in their header), so an item missed above the others counts too.
  const firstFound = matched.reduce((a, b) => Math.min(a, b));
  const start =
    printed.filter((p) => p.index < firstFound && isSummary(p.label)).pop()?.index ?? -1;
  const taken = new Set(matched);
  const uncaptured = printed
    .filter((p) => p.index > start && p.index < closing.index && !taken.has(p.index))
    .filter((p) => p.inCents && !isSummary(p.label))
    .map((p) => ({ row: p, value: isDiscount(p.label) ? -Math.abs(p.value) : p.value }));
  return { rows, uncaptured };
}

/**
 * For a table row's figures, the position in `printed` of the first row after position `after`
 * that prints one of them (to the cent, as `agree` compares), or -1. The printed figures are filed
 * by cents, so each row is found by lookups rather than by reading the rows from the top: on a
 * document of n item lines that is n lookups instead of n² comparisons.
 */
function figureFinder(
  printed: readonly PrintedRow[],
): (figures: number[], after: number) => number {
  // A figure of whole cents ("12.50") is the same number wherever it is printed, so every row
  // filed under its cents agrees or disagrees with a figure alike; other figures ("0.535") are
  // filed apart and compared one by one.
  const inCents = new Map<number, number[]>();
  const other = new Map<number, { positions: number[]; values: number[] }>();
  printed.forEach((row, position) => {
    for (const value of row.figures) {
      const key = Math.round(value * 100);
      if (key / 100 === value) {
        const positions = inCents.get(key) ?? [];
        if (positions[positions.length - 1] !== position) positions.push(position);
        inCents.set(key, positions);
      } else {
        const entries = other.get(key) ?? { positions: [], values: [] };
        entries.positions.push(position);
        entries.values.push(value);
        other.set(key, entries);
      }
    }
  });
  return (figures, after) => {
    let best = Infinity;
    // Figures that agree to the cent are filed at most two cents apart.
    const nearby = figures.flatMap((figure) => {
      const key = Math.round(figure * 100);
      return [-2, -1, 0, 1, 2].map((offset) => ({ figure, key: key + offset }));
    });
    for (const { figure, key } of nearby) {
      const positions = inCents.get(key);
      if (!positions || !agree(figure, key / 100)) continue;
      const first = positions[firstAbove(positions, after)];
      if (first !== undefined && first < best) best = first;
    }
    for (const { figure, key } of nearby) {
      const entries = other.get(key);
      if (!entries) continue;
      for (let i = firstAbove(entries.positions, after); i < entries.positions.length; i++) {
        const position = entries.positions[i]!;
        if (position >= best) break;
        if (agree(figure, entries.values[i]!)) best = position;
      }
    }
    return best === Infinity ? -1 : best;
  };
}

/** Where in ascending numbers the first one above `floor` is (their length when none is). */
function firstAbove(sorted: readonly number[], floor: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! > floor) high = middle;
    else low = middle + 1;
  }
  return low;
}
