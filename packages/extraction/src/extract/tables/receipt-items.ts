/**
 * Item lines of a receipt, whose header (if it prints one) is a few words over columns that drift:
 * a name, then figures (quantity, unit price, amount), the amount last; the name on one line and
 * "2 x 3.50   7.00" on the next; the amount beside the name and "8 @ 1.70" under it; a quantity or
 * weight before the name ("2,479 kg Äpfel 6,79"). Read from the header (or the shop's lines) to
 * the first totals line, without the charge, discount and rounding lines between.
 */
import type { TableDefinition } from '@parser/contracts';
import type { ExtractedTable } from '../../document.js';
import type { DocContext } from '../context.js';
import { startsWithLabel } from '../labels.js';
import type { Row, Tok } from '../layout.js';
import { findDates } from '../parse.js';
import { adjustmentLabel } from '../strategies/adjustments.js';
import type { HeaderMatch } from './header.js';
import { balanceRows, type ReadRow } from './row-arithmetic.js';
import { cellOf, isStop } from './rows.js';
import { itemRoleOf, type ItemRole } from './column-words.js';
import { descriptionWords } from './description-words.js';
import {
  COUNT,
  MONEY,
  WEIGHT_UNIT,
  makesAmount,
  readTillFigures,
  splitFigures,
  valueOf,
} from './till-figures.js';

interface Item {
  name: Tok[];
  qty?: Tok;
  price?: Tok;
  amount?: Tok;
  page: number;
  /** The quantity came from before the name (a weight, or a quantity column printed first). */
  leading: boolean;
}

/** An article number or barcode printed with the name ("9556436658541", "34189"). */
const ARTICLE_NUMBER = /^\d{5,14}$/;
/** A count printed before the name, in a quantity column on the left. */
const LEADING_COUNT = /^\d{1,3}$/;

const letters = (toks: Tok[]): number =>
  toks.reduce((n, t) => n + (t.text.match(/\p{L}/gu) ?? []).length, 0);

const withoutArticleNumbers = (name: Tok[]): Tok[] =>
  name.filter((t) => !ARTICLE_NUMBER.test(t.text));

/** A weight printed before the name ("1,481 kg Bergkäse"): the weight, and the name after it. */
function leadingWeight(name: Tok[]): { qty: Tok; rest: Tok[] } | null {
  const [figure, unit] = name;
  if (!figure || !unit || !COUNT.test(figure.text) || !WEIGHT_UNIT.test(unit.text)) return null;
  return { qty: figure, rest: name.slice(2) };
}

/**
 * A line of figures alone gives the quantity and unit price of the item read just above it, when
 * they make its amount ("FLAT WHITE 35.30" over "10 @3.53").
 */
function completesItem(last: Item | undefined, line: Item): boolean {
  if (!last?.amount || last.qty || last.price || !line.qty || !line.price) return false;
  if (line.amount && line.amount.text !== last.amount.text) return false;
  return makesAmount(line.qty, line.price, last.amount);
}

/** The item a row holds (its name perhaps on the rows before), or null. */
function itemOfRow(row: Row, pendingName: readonly Row[]): Item | null {
  const [words, figureToks] = splitFigures(row.words);
  const weight = leadingWeight(words);
  const figures = readTillFigures(figureToks, words[words.length - 1]);
  const name = descriptionWords(
    withoutArticleNumbers([...(weight ? weight.rest : words), ...figures.rest]),
  );
  const qty = weight?.qty ?? figures.qty;
  const ownName = letters(name) >= 2 ? name : [];
  const named = ownName.length
    ? ownName
    : descriptionWords(withoutArticleNumbers(pendingName.flatMap((r) => r.words)));
  return {
    name: named,
    qty,
    price: figures.price,
    amount: figures.amount,
    page: row.page,
    leading: Boolean(weight),
  };
}

/**
 * Most lines open with a count before the name ("1 WHOLE MILK 2L 1.45"), or the header puts the
 * quantity first: the count is the quantity on every line that opens with one.
 */
function takeLeadingCounts(items: Item[], qtyColumnFirst: boolean): void {
  const opensWithCount = (item: Item) =>
    item.leading || (item.name.length > 1 && LEADING_COUNT.test(item.name[0]!.text));
  const counted = items.filter(opensWithCount).length;
  // a header whose first column is the quantity ("Qty DESC AMOUNT") says so of one line too
  if (!qtyColumnFirst && (counted < 2 || counted < 0.6 * items.length)) return;
  for (const item of items) {
    if (item.leading || !opensWithCount(item) || item.qty) continue;
    item.qty = item.name[0];
    item.name = item.name.slice(1);
    item.leading = true;
  }
}

/**
 * A short label and one figure that is the sum of the items above: their subtotal under a label
 * the locale packs do not know ("Base 14,35"), where the items end.
 */
function sumsTheItems(item: Item, figureCount: number, items: Item[]): boolean {
  if (items.length < 2 || figureCount !== 1 || item.name.length > 2 || !item.amount) return false;
  const sum = items.reduce((s, i) => s + (i.amount ? valueOf(i.amount) : 0), 0);
  return Math.abs(sum - valueOf(item.amount)) <= 0.011;
}

/**
 * The rows from which items are read: after the header when there is one above the totals, else
 * from the top (words under the totals that name columns, "Anzahl Artikel: 4", are no header).
 */
function itemRows(ctx: DocContext, headerRow: number | undefined): Row[] {
  const rows = ctx.layout.rows;
  // the first totals line with a figure ("TAX INVOICE" in the header is a title, not a total)
  const endAfter = (from: number) =>
    rows.findIndex((r, i) => i >= from && isStop(r) && /\d[.,]\d{2}(?!\d)/.test(r.text));
  const end = endAfter(0);
  const from = headerRow !== undefined && (end < 0 || headerRow < end) ? headerRow + 1 : 0;
  const stop = endAfter(from);
  return stop < 0 ? [] : rows.slice(from, stop);
}

type RowKind = 'adjustment' | 'code' | 'words' | 'other' | 'figures';

/** What a row between the header and the totals is to the item lines. */
function kindOfRow(row: Row, ctx: DocContext): RowKind {
  if (adjustmentLabel(row.words, ctx)) return 'adjustment';
  const [words, figures] = splitFigures(row.words);
  // a date among the words (the figures of an item line can look like one: "1. 13.75")
  const dated = findDates(words.map((t) => t.text).join(' '), ctx.order).length > 0;
  const isData = dated || /:\s*\S/.test(row.text);
  // figures without a price or amount among them end a name ("Screws 4x40 Box 100")
  const money = figures.some((t) => /\d[.,]\d{2}$/.test(t.text));
  if (money && !isData && !startsWithLabel(row.words)) return 'figures';
  // an article or shelf code on its own line between the name and its figures ("FZ02-6/54",
  // "HD03-04-06-5/40/160", whose digits may look like a date)
  if (!money && letters(row.words) < 3 && (!isData || row.words.length === 1)) return 'code';
  // words with a money figure among them are a line OCR garbled ("Tosta mista 1 4,054,05")
  const garbled = /\d[.,] ?\d{2}\b/.test(row.text);
  // a label or a totals line is nobody's name ("Total Items :")
  const labelled = isStop(row) || startsWithLabel(row.words);
  return !money && letters(row.words) >= 3 && !isData && !garbled && !labelled ? 'words' : 'other';
}

/** Whether a row of figures has no name of its own (its name is on the line before or after). */
const unnamed = (row: Row): boolean => {
  const [words] = splitFigures(row.words);
  const weight = leadingWeight(words);
  return letters(withoutArticleNumbers(weight ? weight.rest : words)) < 2;
};

export function receiptItems(
  table: TableDefinition,
  ctx: DocContext,
  header?: HeaderMatch,
): ExtractedTable {
  const roles = new Map(table.columns.map((c) => [c.key, itemRoleOf(c)]));
  if (![...roles.values()].includes('amount') && ![...roles.values()].includes('unit_price'))
    return { rows: [] };
  const items: Item[] = [];
  const rows = itemRows(ctx, header?.row.index);
  const kinds = rows.map((row) => kindOfRow(row, ctx));
  /** A name alone on its line (or two), waiting for its figures on the next. */
  let pendingName: Row[] = [];
  /** Figures without a name, waiting for it on the next line ("1587  1  7.42  7.42" / "SPRAY PAINT"). */
  let pendingFigures: Item | null = null;
  /** The item the previous line (codes aside) printed, which a line of words may go on. */
  let itemAbove: Item | null = null;
  for (const [i, row] of rows.entries()) {
    const kind = kinds[i]!;
    if (kind === 'code' && (pendingName.length || pendingFigures || itemAbove)) continue;
    if (kind === 'words') {
      const name = descriptionWords(withoutArticleNumbers(row.words));
      // what follows this line and the lines of words under it
      const after = kinds.findIndex((k, j) => j > i && k !== 'code' && k !== 'words');
      const nameFollows = kinds[after] === 'figures' && unnamed(rows[after]!);
      if (pendingFigures) {
        // the name printed under its figures
        pendingFigures.name = name;
        items.push(pendingFigures);
        itemAbove = pendingFigures;
        pendingName = [];
      } else if (itemAbove && kinds[i - 1] !== 'other' && !nameFollows) {
        // a name that goes on under its figures ("(T02) BRAISED PORK  2.0  7.00  14.00" over
        // "RICE WITH PEANUT"), unless figures without a name of their own follow the lines
        itemAbove.name = [...itemAbove.name, ...name];
        pendingName = [];
      } else {
        // a name printed on two lines over its figures ("2022-House Specialty Hot & Spicy" /
        // "Pan Mee (Dry)"), else a name of one line (over the first item, a line of words
        // before it may be the header's)
        const twoLines = kinds[i - 1] === 'words' && kinds[i - 2] === 'figures';
        pendingName = twoLines && pendingName.length === 1 ? [...pendingName, row] : [row];
        itemAbove = null;
      }
      pendingFigures = null;
      continue;
    }
    if (kind !== 'figures') {
      pendingName = [];
      pendingFigures = null;
      itemAbove = null;
      continue;
    }
    const [, figures] = splitFigures(row.words);
    const item = itemOfRow(row, pendingName);
    pendingName = [];
    pendingFigures = null;
    itemAbove = null;
    if (!item) continue;
    const last = items[items.length - 1];
    if (!item.name.length) {
      // figures alone: the quantity and unit price of the item above, or an item whose name
      // follows
      if (last && completesItem(last, item)) [last.qty, last.price] = [item.qty, item.price];
      else if (item.amount && valueOf(item.amount) > 0) pendingFigures = item;
      continue;
    }
    // (the figures' texts are read without their currency)
    if (!item.amount || !MONEY.test(item.amount.text)) continue;
    if (valueOf(item.amount) === 0 && !item.price) continue;
    if (sumsTheItems(item, figures.length, items)) break;
    items.push(item);
    itemAbove = item;
  }
  // a discount or void under a label the packs do not know ("Member Discount -2.00"), unless the
  // line under it gave its quantity and price (the minus a speck)
  const bought = items.filter((item) => item.price || valueOf(item.amount!) > 0);
  const qtyKey = table.columns.find((c) => roles.get(c.key) === 'qty')?.key;
  takeLeadingCounts(bought, qtyKey !== undefined && header?.cols[0]?.key === qtyKey);
  const read: ReadRow[] = bought.map(
    (item) =>
      new Map(
        table.columns.map((c) => {
          const toks = tokensOf(item, roles.get(c.key)) ?? [];
          const value = cellOf(toks, c.type, item.page, ctx);
          return [c.key, { value, text: toks.map((t) => t.text).join(' ') }];
        }),
      ),
  );
  // a figure misread on one line (a quantity "11" for 1) is put right by the line's own
  // arithmetic where the other lines keep to it; no sum is printed under a receipt's items
  return {
    rows: balanceRows(read, table.columns, []).map((row) =>
      Object.fromEntries([...row].map(([key, cell]) => [key, cell.value])),
    ),
  };
}

/** The tokens an item holds for a column of the given role. */
function tokensOf(item: Item, role: ItemRole | null | undefined): Tok[] | undefined {
  if (role === 'description') return item.name;
  if (role === 'qty') return item.qty && [item.qty];
  if (role === 'unit_price') return item.price && [item.price];
  if (role === 'amount') return item.amount && [item.amount];
  return undefined;
}
