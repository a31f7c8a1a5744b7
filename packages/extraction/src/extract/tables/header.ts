/** Table headers: the row whose words name a table's columns, and each column's x-range from them. */
import type { ColumnDefinition, TableDefinition } from '@parser/contracts';
import type { Box } from '../../document.js';
import type { DocContext } from '../context.js';
import { compact, matchPhraseInRow, segments, unionBox, type Row } from '../layout.js';
import { columnPhrases } from './column-words.js';

export interface HeaderCol {
  key: string | null;
  x0: number;
  x1: number;
  box: Box;
}

/**
 * The index of the column a word at `x` stands under: each column reaches halfway to its
 * neighbours (the outer ones without end), and a word outside every reach goes to the nearest;
 * the first column on a tie, 0 when there are none.
 */
export function nearestColumn(cols: readonly HeaderCol[], x: number): number {
  let best = 0;
  let bestD = Infinity;
  cols.forEach((c, i) => {
    const prev = cols[i - 1];
    const next = cols[i + 1];
    const lo = prev ? (prev.x1 + c.x0) / 2 : -Infinity;
    const hi = next ? (c.x1 + next.x0) / 2 : Infinity;
    const d = x < lo ? lo - x : x > hi ? x - hi : 0;
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
}

export interface HeaderMatch {
  row: Row;
  cols: HeaderCol[];
  matched: number;
}

type HeaderColumns = readonly Pick<ColumnDefinition, 'key' | 'label'>[];

interface PhrasePass {
  c: Pick<ColumnDefinition, 'key' | 'label'>;
  ci: number;
  p: string;
  fuzzy: boolean;
}

/**
 * The phrases a header is matched with, in the order they are tried, per column list: every row of
 * a document is tried as a header, so they are worked out once.
 */
const phrasePasses = new WeakMap<HeaderColumns, PhrasePass[]>();

function passesFor(columns: HeaderColumns): PhrasePass[] {
  const known = phrasePasses.get(columns);
  if (known) return known;
  const options = columns.flatMap((c, ci) => columnPhrases(c).map((p) => ({ c, ci, p })));
  // own labels first, then longer synonyms
  options.sort((a, b) => {
    const own = (o: typeof a) => (compact(o.c.label) === o.p || compact(o.c.key) === o.p ? 1 : 0);
    return own(b) - own(a) || b.p.length - a.p.length;
  });
  // words printed exactly as some column's header word are matched first: a rough match must not
  // take them for another column ("Units Price" read as "Unit Price" would swallow the quantity)
  const passes = [false, true].flatMap((fuzzy) => options.map((o) => ({ ...o, fuzzy })));
  phrasePasses.set(columns, passes);
  return passes;
}

/** The columns a header row gives for a table definition; unmatched header words become ignored columns. */
export function matchHeader(row: Row, columns: HeaderColumns): HeaderMatch {
  const used = new Set<number>();
  const cols: HeaderCol[] = [];
  const done = new Set<number>();
  for (const o of passesFor(columns)) {
    if (done.has(o.ci)) continue;
    for (const m of matchPhraseInRow(row, o.p, o.fuzzy)) {
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
    // words printed right after a matched label belong to it ("Prijs per stuk", "Price (RM)"),
    // also when a scan's word boxes touch or overlap ("Montant (EUR)")
    const owner = cols.find(
      (c) => c.key && b[0] >= c.x1 - 0.3 * row.height && b[0] - c.x1 < 0.8 * row.height,
    );
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

/**
 * Header searches already made in a document, by the columns searched for: the vendor and address
 * strategies and the table reader ask for the same table's header, and each search tries every row.
 */
const headerSearches = new WeakMap<DocContext, Map<HeaderColumns, HeaderMatch | null>>();

/** Best header row for a table in the document. */
export function findHeader(
  table: Pick<TableDefinition, 'columns'>,
  ctx: DocContext,
): HeaderMatch | null {
  let searches = headerSearches.get(ctx);
  if (!searches) {
    searches = new Map();
    headerSearches.set(ctx, searches);
  }
  if (searches.has(table.columns)) return searches.get(table.columns)!;
  const found = searchHeader(table.columns, ctx);
  searches.set(table.columns, found);
  return found;
}

function searchHeader(columns: HeaderColumns, ctx: DocContext): HeaderMatch | null {
  let best: HeaderMatch | null = null;
  const need = Math.min(2, columns.length);
  const rows = ctx.layout.rows;
  for (const [i, row] of rows.entries()) {
    if (row.words.length > 14) continue;
    for (const candidate of [row, withNextRow(row, rows[i + 1], ctx)]) {
      if (!candidate) continue;
      const m = matchHeader(candidate, columns);
      if (m.matched >= need && (!best || m.matched > best.matched)) best = m;
    }
  }
  return best;
}

/**
 * A header a skewed scan read as two rows ("Articolo" a little above "Qta Prezzo unitario
 * Importo"): the row with the words of the next one when that one sits right under it, holds no
 * figures and shares no column with it. The merged row stands where the lower one is, so the
 * table's rows start after both.
 */
function withNextRow(row: Row, next: Row | undefined, ctx: DocContext): Row | null {
  if (!next || next.page !== row.page || /\d/.test(next.text) || /\d/.test(row.text)) return null;
  if (next.box[1] - row.box[3] > 0.8 * ctx.layout.unit) return null;
  const overlaps = next.words.some((w) =>
    row.words.some((o) => w.box[0] < o.box[2] && w.box[2] > o.box[0]),
  );
  if (overlaps) return null;
  const words = [...row.words, ...next.words].sort((a, b) => a.box[0] - b.box[0]);
  return {
    ...next,
    words,
    box: unionBox([row.box, next.box]),
    text: words.map((w) => w.text).join(' '),
    height: Math.max(row.height, next.height),
  };
}
