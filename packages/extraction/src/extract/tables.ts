/** Tables: header row by column labels, column x-ranges from header words, rows assigned by position. */
import type { ColumnDefinition, TableDefinition } from '@parser/contracts';
import type { ExtractedTable, ExtractedValue, Page, Box } from '../document.js';
import { ALL_PHRASES } from './concepts.js';
import {
  compact,
  matchPhrase,
  matchPhraseInRow,
  segments,
  unionBox,
  type Row,
  type Tok,
} from './layout.js';
import type { DocContext } from './context.js';
import { parseTyped } from './typed.js';

const COLUMN_SYNONYMS: { keys: string[]; labels: string[] }[] = [
  {
    keys: [
      'description',
      'name',
      'item',
      'items',
      'product',
      'itemname',
      'productname',
      'particulars',
      'details',
      'service',
      'article',
      'itemdescription',
    ],
    labels: [
      'Description',
      'Item',
      'Items',
      'Item Description',
      'Product',
      'Product Name',
      'Name',
      'Particulars',
      'Details',
      'Article',
      'Service',
      'Omschrijving',
      'Désignation',
      'Designation',
      'Artikel',
      'Product Description',
      'Item Name',
      'Desc',
      'Code/Desc',
      'Title',
    ],
  },
  {
    keys: ['qty', 'quantity', 'units', 'count', 'hours', 'pcs'],
    labels: [
      'Qty',
      'Quantity',
      'Qnty',
      'Qty.',
      'Units',
      'Pcs',
      'Aantal',
      'Qté',
      'Quantité',
      'Menge',
      'Hours',
      'Hrs',
      'No. of units',
      'Count',
    ],
  },
  {
    keys: ['unitprice', 'price', 'rate', 'unitcost', 'priceunit', 'priceperunit', 'uprice', 'each'],
    labels: [
      'Unit Price',
      'Price',
      'Rate',
      'Unit Cost',
      'U/Price',
      'U.Price',
      'Price/Unit',
      'Unit price',
      'Each',
      'Prijs',
      'Stukprijs',
      'Prix unitaire',
      'Prix',
      'Einzelpreis',
      'Preis',
      'Unit Rate',
    ],
  },
  {
    keys: [
      'amount',
      'total',
      'linetotal',
      'amt',
      'netamount',
      'value',
      'subtotal',
      'pricesubtotal',
      'lineamount',
      'totalprice',
    ],
    labels: [
      'Amount',
      'Total',
      'Line Total',
      'Amt',
      'Net Amount',
      'Value',
      'Total Price',
      'Bedrag',
      'Totaal',
      'Montant',
      'Betrag',
      'Subtotal',
      'Amount (RM)',
      'Total (RM)',
    ],
  },
  { keys: ['date', 'entrydate', 'day'], labels: ['Date', 'Day', 'Datum'] },
  {
    keys: ['tax', 'vat', 'gst', 'taxrate', 'vatrate', 'linetaxpercent'],
    labels: ['Tax', 'VAT', 'GST', 'Tax %', 'VAT %', 'BTW', 'TVA', 'Tax Rate'],
  },
  {
    keys: ['code', 'sku', 'itemno', 'itemcode', 'articleno', 'partno', 'productcode'],
    labels: ['Code', 'SKU', 'Item No', 'Item Code', 'Art No', 'Part No', 'Product Code', 'Item #'],
  },
  { keys: ['subject', 'activity'], labels: ['Subject', 'Activity', 'Topic'] },
  {
    keys: ['notes', 'note', 'remarks', 'comment', 'comments'],
    labels: ['Notes', 'Note', 'Remarks', 'Comments', 'Comment'],
  },
  { keys: ['discount', 'disc'], labels: ['Discount', 'Disc'] },
];

/** Header phrases (compact) for a column: its label, its key and the synonyms of what it means. */
export function columnPhrases(col: Pick<ColumnDefinition, 'key' | 'label' | 'aliases'>): string[] {
  const k = compact(col.key);
  const l = compact(col.label);
  const out = new Set<string>([l, k, ...(col.aliases ?? []).map(compact)].filter(Boolean));
  for (const s of COLUMN_SYNONYMS) {
    if (s.keys.includes(k) || s.keys.includes(l) || s.labels.some((x) => compact(x) === l)) {
      for (const x of s.labels) out.add(compact(x));
    }
  }
  return [...out].sort((a, b) => b.length - a.length);
}

export const ALL_COLUMN_PHRASES: string[] = [
  ...new Set(COLUMN_SYNONYMS.flatMap((s) => s.labels.map(compact))),
];

interface HeaderCol {
  key: string | null;
  x0: number;
  x1: number;
  box: Box;
}

interface HeaderMatch {
  row: Row;
  cols: HeaderCol[];
  matched: number;
}

/** The columns a header row gives for a table definition; unmatched header words become ignored columns. */
export function matchHeader(
  row: Row,
  columns: Pick<ColumnDefinition, 'key' | 'label'>[],
): HeaderMatch {
  const used = new Set<number>();
  const cols: HeaderCol[] = [];
  const options = columns.flatMap((c, ci) => columnPhrases(c).map((p) => ({ c, ci, p })));
  // own labels first, then longer synonyms
  options.sort((a, b) => {
    const own = (o: typeof a) => (compact(o.c.label) === o.p || compact(o.c.key) === o.p ? 1 : 0);
    return own(b) - own(a) || b.p.length - a.p.length;
  });
  const done = new Set<number>();
  for (const o of options) {
    if (done.has(o.ci)) continue;
    for (const m of matchPhraseInRow(row, o.p)) {
      let free = true;
      for (let i = m.start; i < m.end; i++) if (used.has(i)) free = false;
      if (!free) continue;
      for (let i = m.start; i < m.end; i++) used.add(i);
      const box = unionBox(row.words.slice(m.start, m.end).map((w) => w.box));
      cols.push({ key: o.c.key, x0: box[0], x1: box[2], box });
      done.add(o.ci);
      break;
    }
  }
  const matched = cols.length;
  // the other header words still own their x-range
  const rest = row.words.map((w, i) => ({ w, i })).filter(({ i }) => !used.has(i));
  for (const seg of segments(
    rest.map((r) => r.w),
    row.height,
    0.8,
  )) {
    if (!seg.some((w) => /[a-z]/i.test(w.text))) continue;
    const b = unionBox(seg.map((w) => w.box));
    // words printed right after a matched label belong to it ("Prijs per stuk", "Price (RM)")
    const owner = cols.find((c) => c.key && b[0] >= c.x1 && b[0] - c.x1 < 0.8 * row.height);
    if (owner) {
      owner.x1 = b[2];
      owner.box = unionBox([owner.box, b]);
      continue;
    }
    cols.push({ key: null, x0: b[0], x1: b[2], box: b });
  }
  cols.sort((a, b) => a.x0 - b.x0);
  return { row, cols, matched };
}

const isStop = (row: Row): boolean => {
  const first = row.words.slice(0, 4);
  const stopConcepts = new Set(['total', 'subtotal', 'tax']);
  return ALL_PHRASES.some(
    (p) =>
      (p.concept === null
        ? /total|rounding|subtotal/.test(p.compact)
        : stopConcepts.has(p.concept)) && matchPhrase(first, p.compact).some((m) => m.start <= 1),
  );
};

function assign(words: Tok[], cols: HeaderCol[]): Map<number, Tok[]> {
  const out = new Map<number, Tok[]>();
  for (const w of words) {
    const cx = (w.box[0] + w.box[2]) / 2;
    let best = 0;
    let bestD = Infinity;
    cols.forEach((c, i) => {
      const prev = cols[i - 1];
      const next = cols[i + 1];
      const lo = prev ? (prev.x1 + c.x0) / 2 : -Infinity;
      const hi = next ? (c.x1 + next.x0) / 2 : Infinity;
      const d = cx < lo ? lo - cx : cx > hi ? cx - hi : 0;
      if (d < bestD) [best, bestD] = [i, d];
    });
    const list = out.get(best) ?? [];
    list.push(w);
    out.set(best, list);
  }
  return out;
}

const cellOf = (
  toks: Tok[],
  type: ColumnDefinition['type'],
  page: number,
  ctx: DocContext,
): ExtractedValue => {
  if (!toks.length) return { value: null, confidence: 0, source: null };
  const box = unionBox(toks.map((t) => t.box));
  const conf = 0.55 + 0.45 * Math.min(1, toks.reduce((a, t) => a + t.conf, 0) / toks.length);
  const parsed = parseTyped(toks, type, ctx);
  if (parsed)
    return {
      value: parsed.value,
      confidence: Math.round(0.9 * parsed.quality * conf * 1000) / 1000,
      source: { page, box },
    };
  return { value: toks.map((t) => t.text).join(' '), confidence: 0.3, source: { page, box } };
};

/** Rows of a table under a header, until a totals line, a large gap or the page end. */
export function readRows(
  header: HeaderMatch,
  table: Pick<TableDefinition, 'columns'>,
  ctx: DocContext,
): ExtractedTable {
  const rows = ctx.layout.rows;
  const colDefs = new Map(table.columns.map((c) => [c.key, c]));
  const textKey =
    table.columns.find((c) => c.type === 'string' && header.cols.some((h) => h.key === c.key))
      ?.key ?? null;
  const numericIdx = header.cols
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => {
      const d = c.key ? colDefs.get(c.key) : undefined;
      return d ? d.type !== 'string' : false;
    });
  const out: { cells: Map<string, Tok[]>; page: number }[] = [];
  let prevBottom = header.row.box[3];
  const gaps: number[] = [];
  for (let i = header.row.index + 1; i < rows.length && out.length < 200; i++) {
    const row = rows[i];
    if (!row || row.page !== header.row.page) break;
    const gap = row.box[1] - prevBottom;
    const typical = gaps.length ? Math.max(...gaps) : ctx.layout.unit;
    if (gap > Math.max(3 * ctx.layout.unit, 2.5 * typical)) break;
    if (isStop(row)) break;
    gaps.push(Math.max(0, gap));
    prevBottom = row.box[3];
    const byCol = assign(row.words, header.cols);
    const cells = new Map<string, Tok[]>();
    byCol.forEach((toks, ci) => {
      const key = header.cols[ci]?.key;
      if (key) cells.set(key, toks);
    });
    const hasNumber = numericIdx.some(({ i: ci }) =>
      (byCol.get(ci) ?? []).some((t) => /\d/.test(t.text)),
    );
    const last = out[out.length - 1];
    if (!hasNumber && last && textKey) {
      // a line with only a description continues the previous row
      const extra = [...cells.values()].flat();
      if (extra.length) last.cells.set(textKey, [...(last.cells.get(textKey) ?? []), ...extra]);
      continue;
    }
    if (!hasNumber && numericIdx.length) continue;
    if (cells.size) out.push({ cells, page: row.page });
  }
  return {
    rows: out.map((r) => {
      const rec: Record<string, ExtractedValue> = {};
      for (const c of table.columns)
        rec[c.key] = cellOf(r.cells.get(c.key) ?? [], c.type, r.page, ctx);
      return rec;
    }),
  };
}

/** Best header row for a table in the document. */
export function findHeader(
  table: Pick<TableDefinition, 'columns'>,
  ctx: DocContext,
): HeaderMatch | null {
  let best: HeaderMatch | null = null;
  const need = Math.min(2, table.columns.length);
  for (const row of ctx.layout.rows) {
    if (row.words.length > 14) continue;
    const m = matchHeader(row, table.columns);
    if (m.matched >= need && (!best || m.matched > best.matched)) best = m;
  }
  return best;
}

function fromSourceTables(
  pages: Page[],
  table: Pick<TableDefinition, 'columns'>,
  ctx: DocContext,
): ExtractedTable | null {
  for (const page of pages) {
    for (const st of page.tables ?? []) {
      for (let h = 0; h < Math.min(3, st.rows.length); h++) {
        const header = st.rows[h] ?? [];
        const map = new Map<string, number>();
        for (const c of table.columns) {
          const phrases = columnPhrases(c);
          const idx = header.findIndex(
            (cell, i) => ![...map.values()].includes(i) && phrases.includes(compact(cell)),
          );
          if (idx >= 0) map.set(c.key, idx);
        }
        if (map.size < Math.min(2, table.columns.length)) continue;
        const rows: Record<string, ExtractedValue>[] = [];
        for (const r of st.rows.slice(h + 1)) {
          if (r.every((c) => !c.trim())) continue;
          const rec: Record<string, ExtractedValue> = {};
          for (const c of table.columns) {
            const i = map.get(c.key);
            const text = i === undefined ? '' : (r[i] ?? '').trim();
            if (!text) {
              rec[c.key] = { value: null, confidence: 0, source: null };
              continue;
            }
            const tok: Tok = { text, norm: compact(text), box: [0, 0, 0, 0], conf: 1 };
            const parsed = parseTyped([tok], c.type, ctx);
            rec[c.key] = parsed
              ? { value: parsed.value, confidence: 0.95 * parsed.quality, source: null }
              : { value: text, confidence: 0.3, source: null };
          }
          rows.push(rec);
        }
        return { rows };
      }
    }
  }
  return null;
}

export function extractTable(table: TableDefinition, ctx: DocContext): ExtractedTable {
  const src = fromSourceTables(ctx.layout.doc.pages, table, ctx);
  if (src) return src;
  const header = findHeader(table, ctx);
  if (!header) return { rows: [] };
  return readRows(header, table, ctx);
}
