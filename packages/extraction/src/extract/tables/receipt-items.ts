/**
 * Item lines of a receipt, which prints no table header: a name, then figures (quantity, unit
 * price, amount), the amount last; or the name on one line and "2 x 3.50   7.00" on the next.
 * Read between the shop's header and the first totals line, without the payment lines after it.
 */
import type { TableDefinition } from '@parser/contracts';
import type { ExtractedTable, ExtractedValue } from '../../document.js';
import type { DocContext } from '../context.js';
import { startsWithLabel } from '../labels.js';
import type { Row, Tok } from '../layout.js';
import { findDates } from '../parse.js';
import { cellOf, isStop } from './rows.js';
import { itemRoleOf } from './column-words.js';

const MONEY = /^[-−]?\d{1,6}[.,]\d{2}$/;
const COUNT = /^\d{1,3}(?:[.,]\d{1,3})?$/;
const TIMES = /^[x×@*]$/i;
/** A quantity printed against its "x" ("2X 2.50"). */
const QTY_TIMES = /^(\d{1,3})[x×]$/i;

interface Item {
  name: Tok[];
  qty?: Tok;
  price?: Tok;
  amount: Tok;
  page: number;
}

/** The figures at the end of a row: [words before them, trailing figure tokens]. */
function splitFigures(words: Tok[]): [Tok[], Tok[]] {
  let k = words.length;
  while (k > 0) {
    const t = words[k - 1]!.text.replace(/^(rm|\$|€|£)/i, '');
    if (MONEY.test(t) || COUNT.test(t) || TIMES.test(t) || QTY_TIMES.test(t) || /^[A-Z]$/.test(t))
      k--;
    else break;
  }
  return [words.slice(0, k), words.slice(k)];
}

function itemOf(name: Tok[], figures: Tok[], page: number): Item | null {
  // a tax code letter after the amount ("7.00 SR") is not a figure
  const glued = figures.find((t) => QTY_TIMES.test(t.text));
  const nums = figures.filter(
    (t) => !TIMES.test(t.text) && !QTY_TIMES.test(t.text) && !/^[A-Z]$/.test(t.text),
  );
  const amount = nums[nums.length - 1];
  if (!amount || !MONEY.test(amount.text.replace(/^(rm|\$|€|£)/i, ''))) return null;
  const before = nums.slice(0, -1);
  if (glued) {
    const digits = QTY_TIMES.exec(glued.text)![1]!;
    const qty = { ...glued, text: digits, norm: digits };
    return { name, qty, price: before[before.length - 1], amount, page };
  }
  if (before.length >= 2) return { name, qty: before[0], price: before[1], amount, page };
  if (before.length === 1) {
    const only = before[0]!;
    return MONEY.test(only.text) && !COUNT.test(only.text)
      ? { name, price: only, amount, page }
      : { name, qty: only, amount, page };
  }
  return { name, amount, page };
}

const letters = (toks: Tok[]): number =>
  toks.reduce((n, t) => n + (t.text.match(/[a-z]/gi) ?? []).length, 0);

export function receiptItems(table: TableDefinition, ctx: DocContext): ExtractedTable {
  const roles = new Map(table.columns.map((c) => [c.key, itemRoleOf(c)]));
  if (![...roles.values()].includes('amount') && ![...roles.values()].includes('unit_price'))
    return { rows: [] };
  const rows = ctx.layout.rows;
  // the first totals line with a figure ("TAX INVOICE" in the header is a title, not a total)
  const end = rows.findIndex((r) => isStop(r) && /\d[.,]\d{2}(?!\d)/.test(r.text));
  if (end < 0) return { rows: [] };
  const items: Item[] = [];
  let pendingName: Row | null = null;
  for (const row of rows.slice(0, end)) {
    const [name, figures] = splitFigures(row.words);
    const isData = findDates(row.text, ctx.order).length > 0 || /:\s*\S/.test(row.text);
    if (!figures.length || isData || startsWithLabel(row.words)) {
      // an article or shelf code on its own line between the name and its figures ("FZ02-6/54",
      // "HD03-04-06-5/40/160", whose digits may look like a date)
      const code = !figures.length && letters(row.words) < 3 && (!isData || row.words.length === 1);
      if (code && pendingName) continue;
      // a name alone on its line, waiting for its figures on the next
      pendingName = !figures.length && letters(row.words) >= 3 && !isData ? row : null;
      continue;
    }
    const ownName = letters(name) >= 2 ? name : pendingName ? pendingName.words : [];
    const item = ownName.length ? itemOf(ownName, figures, row.page) : null;
    if (item) items.push(item);
    pendingName = null;
  }
  // the first lines of a receipt are the shop's; items start at the first line with an amount
  return {
    rows: items.map((item) => {
      const rec: Record<string, ExtractedValue> = {};
      for (const c of table.columns) {
        const role = roles.get(c.key);
        const toks =
          role === 'description'
            ? item.name
            : role === 'qty'
              ? item.qty && [item.qty]
              : role === 'unit_price'
                ? ((item.price && [item.price]) ?? (item.qty ? undefined : [item.amount]))
                : role === 'amount'
                  ? [item.amount]
                  : undefined;
        rec[c.key] = cellOf(toks ?? [], c.type, item.page, ctx);
      }
      return rec;
    }),
  };
}
