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

export interface HeaderMatch {
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
