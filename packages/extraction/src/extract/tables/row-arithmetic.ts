/**
 * Item rows checked by their own arithmetic, quantity × unit price = amount. In a table whose rows
 * keep to it, a row that breaks it because one figure was misread (digits lost or doubled, a stray
 * mark read into it, nothing read at all) takes the figure the other two give — when that figure
 * reads as what was printed with digits lost or added, never with other digits in their place. A
 * line amount is replaced only when the amounts then add up to a sum printed below the table, so
 * an amount misprinted on the document stays as printed.
 */
import type { ColumnDefinition } from '@parser/contracts';
import type { ExtractedValue } from '../../document.js';
import { round2 } from '../context.js';
import { levenshtein } from '../layout.js';
import { itemRoleOf } from './column-words.js';

/** A row's cells: the value read and the text it was read from. */
export type ReadRow = Map<string, { value: ExtractedValue; text: string }>;

type Figure = 'qty' | 'unit_price' | 'amount';

const CENT = 0.011;

const numberOf = (v: ExtractedValue | undefined): number | null =>
  typeof v?.value === 'number' ? v.value : null;

const digitsOf = (text: string): string => text.replace(/\D/g, '').replace(/^0+/, '');

/** Whether `a`'s characters appear in `b` in order. */
function within(a: string, b: string): boolean {
  let i = 0;
  for (const ch of b) if (ch === a[i]) i++;
  return i === a.length;
}

/**
 * How far a reading is from a figure, in digits lost or added; null when other digits stand in
 * their place or more than two are off. A cell where nothing was read is 0 away.
 */
function readingDistance(text: string, figure: string): number | null {
  const read = digitsOf(text);
  const wanted = digitsOf(figure);
  if (!read) return 0;
  if (!within(read, wanted) && !within(wanted, read)) return null;
  const distance = levenshtein(read, wanted);
  return distance <= 2 ? distance : null;
}

const isConsistent = (q: number | null, p: number | null, a: number | null): boolean =>
  q !== null && p !== null && a !== null && Math.abs(round2(q * p) - a) <= CENT;

/** A quantity as invoices print them: whole, or in halves and quarters (hours, metres). */
const plausibleQty = (q: number): boolean => Math.abs(q * 4 - Math.round(q * 4)) < 1e-6;

interface Repair {
  figure: Figure;
  value: number;
  distance: number;
}

/** The figure the other two give, for each of the row's three that reads close to it. */
function repairsOf(row: ReadRow, keys: Record<Figure, string>): Repair[] {
  const q = numberOf(row.get(keys.qty)?.value);
  const p = numberOf(row.get(keys.unit_price)?.value);
  const a = numberOf(row.get(keys.amount)?.value);
  const text = (figure: Figure) => row.get(keys[figure])?.text ?? '';
  const out: Repair[] = [];
  const add = (figure: Figure, value: number, printed: string) => {
    // a figure worked out negative (a discount line, a minus read into a figure) is no repair
    if (value <= 0) return;
    const distance = readingDistance(text(figure), printed);
    if (distance !== null) out.push({ figure, value, distance });
  };
  if (p && a !== null) {
    const qty = Math.round((a / p) * 10000) / 10000;
    if (plausibleQty(qty) && Math.abs(round2(qty * p) - a) <= CENT) add('qty', qty, String(qty));
  }
  if (q && a !== null) {
    const price = round2(a / q);
    if (Math.abs(round2(q * price) - a) <= CENT) add('unit_price', price, price.toFixed(2));
  }
  if (q !== null && p !== null) {
    const amount = round2(q * p);
    add('amount', amount, amount.toFixed(2));
  }
  return out;
}

/** The one repair that reads closest to what was printed, or null when two tie. */
function bestRepair(repairs: Repair[]): Repair | null {
  const sorted = [...repairs].sort((x, y) => x.distance - y.distance);
  const [first, second] = sorted;
  if (!first || (second && second.distance === first.distance)) return null;
  return first;
}

/**
 * The rows with misread figures repaired by the rows' arithmetic (see the module note). `sums` are
 * the figures printed below the table, among which a subtotal of the line amounts would be.
 */
export function balanceRows(
  rows: ReadRow[],
  columns: Pick<ColumnDefinition, 'key' | 'label'>[],
  sums: number[],
): ReadRow[] {
  const keyOf = (figure: Figure) => columns.find((c) => itemRoleOf(c) === figure)?.key;
  const [qty, unit_price, amount] = [keyOf('qty'), keyOf('unit_price'), keyOf('amount')];
  if (!qty || !unit_price || !amount) return rows;
  const keys = { qty, unit_price, amount };
  const figures = (row: ReadRow) =>
    [qty, unit_price, amount].map((k) => numberOf(row.get(k)?.value)) as [
      number | null,
      number | null,
      number | null,
    ];
  // only a table whose rows keep to the arithmetic says what a misread row should hold
  // (a line amount needs no such word: the sum printed below the table has the last say on it)
  const consistent = rows.filter((r) => isConsistent(...figures(r))).length;
  const keepsToIt = consistent >= 1 && consistent >= rows.length / 2;
  const repaired = rows.map((r) => new Map(r));
  const amountRepairs: { row: ReadRow; before: { value: ExtractedValue; text: string } }[] = [];
  for (const row of repaired) {
    if (isConsistent(...figures(row))) continue;
    const repair = bestRepair(repairsOf(row, keys));
    if (!repair || (repair.figure !== 'amount' && !keepsToIt)) continue;
    const key = keys[repair.figure];
    const before = row.get(key) ?? {
      value: { value: null, confidence: 0, source: null },
      text: '',
    };
    // as sure as the two figures it was worked out from, less the doubt of a repair
    const others = (Object.keys(keys) as Figure[])
      .filter((f) => f !== repair.figure)
      .map((f) => row.get(keys[f])?.value.confidence ?? 0);
    const confidence = Math.round(0.8 * Math.min(...others) * 1000) / 1000;
    row.set(key, {
      value: { value: repair.value, confidence, source: before.value.source },
      text: before.text,
    });
    if (repair.figure === 'amount') amountRepairs.push({ row, before });
  }
  if (amountRepairs.length) {
    const total = round2(repaired.reduce((s, r) => s + (numberOf(r.get(amount)?.value) ?? 0), 0));
    if (!sums.some((s) => Math.abs(s - total) <= CENT))
      for (const { row, before } of amountRepairs) row.set(amount, before);
  }
  return repaired;
}
