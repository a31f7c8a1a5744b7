/**
 * The sum of a receipt's item lines: a second route to its total, read from other figures than the
 * total line. Tills work the total out of the lines, so a total line that equals them was read right
 * (or misread the same way on every line, which does not happen).
 */
import type { TableDefinition } from '@parser/contracts';
import type { Candidate, DocContext } from '../context.js';
import { receiptItems } from '../tables/receipt-items.js';

/** The item lines as the receipt reader reads them for any type: their amounts are what is summed. */
const ITEM_LINES: TableDefinition = {
  key: 'items',
  label: 'Items',
  columns: [
    { key: 'description', label: 'Description', type: 'string' },
    { key: 'amount', label: 'Amount', type: 'currency' },
  ],
};

const sums = new WeakMap<DocContext, { total: number; bottom: number; page: number } | null>();

/** The item lines' amounts summed, with where the last of them is printed; null without two lines. */
function itemLines(ctx: DocContext): { total: number; bottom: number; page: number } | null {
  if (sums.has(ctx)) return sums.get(ctx)!;
  const amounts = receiptItems(ITEM_LINES, ctx).rows.flatMap((row) => {
    const cell = row.amount;
    return typeof cell?.value === 'number' && cell.source
      ? [{ ...cell.source, value: cell.value }]
      : [];
  });
  const last = amounts[amounts.length - 1];
  const found =
    amounts.length >= 2 && last
      ? {
          total: Math.round(amounts.reduce((s, a) => s + a.value, 0) * 100) / 100,
          bottom: last.box[3],
          page: last.page,
        }
      : null;
  sums.set(ctx, found);
  return found;
}

/** Whether the item lines printed above a total candidate add up to it. */
export function itemsAddUpTo(total: Candidate, ctx: DocContext): boolean {
  if (typeof total.value !== 'number') return false;
  const lines = itemLines(ctx);
  if (!lines) return false;
  const below =
    total.page > lines.page || (total.page === lines.page && total.box[1] >= lines.bottom);
  return below && Math.abs(lines.total - total.value) < 0.005;
}
