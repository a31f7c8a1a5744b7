import type { Relation } from '../arithmetic.js';
import { numberOf } from '../numbers.js';
import type { LineTable } from '../roles.js';
import type { AgentDocument } from '../types.js';
import { cellRef, valueAt } from '../value-refs.js';

import type { ReadingDoubt } from './doubt-types.js';

// How tills print the number of articles and of units sold ("Item(s): 5  Qty(s): 6", "Item Count
// 2", "Total Qty: 3", "No. of Items 4"), in the languages the engine reads; "Tatal" is how OCR
// often reads a faint "Total".
const ITEMS =
  /(?:^|[^\p{L}])(?:no\.?\s*(?:of\s*)?items?|items?\s*count|item\s*\(s\)|t[oa]t(?:al)?\s*items?|anzahl\s*artikel|nombre\s*d'articles|aantal\s*artikelen)\s*[:.]?\s*(\d{1,3})(?![\d.,])/iu;
const UNITS =
  /(?:^|[^\p{L}])(?:t[oa]t(?:al)?\s*(?:qty|quantity)|no\.?\s*(?:of\s*)?qtys?|qty\s*\(s\)|qtys|total\s*units)\s*[:.]?\s*(\d{1,3})(?:[.,]0{1,2})?(?![\d.,])/iu;

/** The number a row states for the receipt's articles or units, the first such row's. */
function statedCount(text: string, pattern: RegExp): { count: number; row: string } | null {
  for (const row of text.split('\n')) {
    const match = pattern.exec(row);
    if (match?.[1] !== undefined) return { count: Number(match[1]), row: row.trim() };
  }
  return null;
}

/**
 * The item lines read short of what the document counts: a receipt that states how many
 * articles ("Item(s): 5") or units ("Total Qty: 6") it sold, when the table holds fewer rows or
 * fewer units, lost item lines in the reading. Missed lines only ever leave the lines short, so
 * this explains a sum only when the lines as read come to less than they should.
 */
export function itemCountDoubt(
  doc: AgentDocument,
  relation: Relation,
  gap: number,
  lines: LineTable,
): ReadingDoubt | null {
  if (relation.kind === 'line' || gap >= 0) return null;
  const onLeft = relation.left.some((term) => term.every((ref) => ref.table === lines.key));
  if (!onLeft) return null;
  // The rows read: those holding a figure (a name alone may be a wrapped line's second half).
  const { qty, unit_price: price, amount } = lines.columns;
  const numberAt = (row: number, column: string | undefined) =>
    column === undefined ? null : numberOf(valueAt(doc.values, cellRef(lines.key, row, column)));
  const rows = (doc.values.tables[lines.key]?.rows ?? [])
    .map((_row, index) => index)
    .filter((row) => [qty, price, amount].some((column) => numberAt(row, column) !== null));
  const units = rows.reduce((sum, row) => {
    const value = numberAt(row, qty);
    return sum + (value !== null && value > 0 ? value : 1);
  }, 0);
  const read = rows;
  const items = statedCount(doc.text, ITEMS);
  const sold = statedCount(doc.text, UNITS);
  const short =
    items && items.count > read.length
      ? { stated: items, held: `${read.length} row${read.length === 1 ? '' : 's'}` }
      : sold && sold.count > units
        ? { stated: sold, held: `${units} unit${units === 1 ? '' : 's'}` }
        : null;
  if (!short) return null;
  return {
    note: `The document counts ${short.stated.count} ("${short.stated.row}") where the table read holds ${short.held}: item lines were missed, and the lines as read fall short. Check the item lines.`,
    onLines: true,
  };
}
