/** Table rows under a header: words assigned to columns by position, continued lines joined, totals rows left out. */
import type { ColumnDefinition, TableDefinition } from '@parser/contracts';
import type { ExtractedTable, ExtractedValue } from '../../document.js';
import { ALL_PHRASES } from '../concepts.js';
import type { DocContext } from '../context.js';
import { matchPhrase, segments, unionBox, type Row, type Tok } from '../layout.js';
import { findAmounts, splitThousandsGroup } from '../parse.js';
import { parseTyped } from '../typed.js';
import { nearestColumn, type HeaderCol, type HeaderMatch } from './header.js';
import { descriptionWords } from './description-words.js';
import { balanceRows, type ReadRow } from './row-arithmetic.js';
import { inReadingOrder, levelX, slopeOfPage } from './slant.js';

export const isStop = (row: Row): boolean => {
  const first = row.words.slice(0, 4);
  const stopConcepts = new Set(['total', 'subtotal', 'tax']);
  return ALL_PHRASES.some(
    (p) =>
      (p.concept === null
        ? /total|rounding|subtotal/.test(p.compact)
        : stopConcepts.has(p.concept)) && matchPhrase(first, p.compact).some((m) => m.start <= 1),
  );
};

/** Words to the header's columns by where they stand across the page (`xOf`, levelled on a slanted scan). */
function assign(words: Tok[], cols: HeaderCol[], xOf: (w: Tok) => number): Map<number, Tok[]> {
  const out = new Map<number, Tok[]>();
  for (const w of words) {
    const best = nearestColumn(cols, xOf(w));
    const list = out.get(best) ?? [];
    list.push(w);
    out.set(best, list);
  }
  return out;
}

/**
 * A description runs on at word spacing past its column's edge ("Stainless steel hinge 100 mm"
 * into a narrow quantity column): words that follow the description's words at a word's space
 * stay in the description.
 */
function keepRunsInText(
  byCol: Map<number, Tok[]>,
  words: Tok[],
  height: number,
  textCol: number,
): void {
  const text = byCol.get(textCol);
  if (textCol < 0 || !text?.length) return;
  // looked up in sets, and taken from the other columns once: a row may hold thousands of words
  const inText = new Set(text);
  const moved = new Set<Tok>();
  // a space of a monospaced font is 0.6 of its height: runs split only at wider gaps
  for (const run of segments(words, height, 0.75)) {
    if (run.length < 2 || !inText.has(run[0]!)) continue;
    for (const w of run.slice(1)) {
      if (inText.has(w)) continue;
      inText.add(w);
      moved.add(w);
      text.push(w);
    }
  }
  for (const [ci, toks] of byCol) {
    if (ci === textCol || !moved.size) continue;
    const kept = toks.filter((t) => !moved.has(t));
    byCol.set(ci, kept);
  }
  text.sort((a, b) => a.box[0] - b.box[0]);
}

/**
 * A figure grouped in thousands by a space ("1 306,90") stands in its column as two words, the
 * group of one to three digits often nearer the column before it (the quantity's): at a word's
 * space from the rest, the group goes with it.
 */
function keepThousandsTogether(byCol: Map<number, Tok[]>, words: Tok[], height: number): void {
  const sorted = [...words].sort((a, b) => a.box[0] - b.box[0]);
  const columnOf = (w: Tok) => [...byCol].find(([, toks]) => toks.includes(w))?.[0];
  for (const [i, group] of sorted.entries()) {
    const rest = sorted[i + 1];
    if (!rest || !splitThousandsGroup(group.text, rest.text)) continue;
    if (rest.box[0] - group.box[2] > 0.5 * height) continue;
    const [from, to] = [columnOf(group), columnOf(rest)];
    if (from === undefined || to === undefined || from === to) continue;
    byCol.set(
      from,
      byCol.get(from)!.filter((t) => t !== group),
    );
    byCol.set(
      to,
      [group, ...byCol.get(to)!].sort((a, b) => a.box[0] - b.box[0]),
    );
  }
}

export const cellOf = (
  toks: Tok[],
  type: ColumnDefinition['type'],
  page: number,
  ctx: DocContext,
): ExtractedValue => {
  if (!toks.length) return { value: null, confidence: 0, source: null };
  const box = unionBox(toks.map((t) => t.box));
  const conf = 0.55 + 0.45 * Math.min(1, toks.reduce((a, t) => a + t.conf, 0) / toks.length);
  // a figure cell holding a lone stroke is a 1 read as I, l or | (a quantity of one)
  const figures =
    type !== 'string' && toks.length === 1 && /^[Il|]$/.test(toks[0]?.text ?? '')
      ? [{ ...toks[0]!, text: '1', norm: '1' }]
      : toks;
  const parsed = parseTyped(figures, type, ctx);
  if (parsed)
    return {
      value: parsed.value,
      confidence: Math.round(0.9 * parsed.quality * conf * 1000) / 1000,
      source: { page, box },
    };
  return { value: toks.map((t) => t.text).join(' '), confidence: 0.3, source: { page, box } };
};

/** Page furniture between a table's parts: page numbers, "continued" notes, carried-over sums. */
const PAGE_FURNITURE =
  /^\W*(page|seite|pagina|página|blatt)\s*\d+|\b(continued|fortsetzung|suite|vervolg|continúa|continua)\b|\b(carried forward|übertrag|a reporter|report)\b|^\W*\d+\s*(\/|of|von|de|di|van)\s*\d+\W*$/i;

/** A table's columns, and those of them its header names. */
interface ReadColumns {
  table: Pick<TableDefinition, 'columns'>;
  /** The description's column. */
  textKey: string | null;
  /** The columns of figures (quantity, price, amount…). */
  figureKeys: Set<string>;
}

/**
 * A row's words by the header's columns (keyed by the table's column keys; words under header
 * words of no column are left out).
 */
function cellsOfRow(
  row: Row,
  header: HeaderMatch,
  columns: ReadColumns,
  ctx: DocContext,
): Map<string, Tok[]> {
  // on a slanted scan the columns drift sideways down the page: words are placed where they
  // would stand at the header's height
  const slope = slopeOfPage(ctx, row.page);
  const headerY = (header.row.box[1] + header.row.box[3]) / 2;
  const xOf = (w: Tok) => levelX(w, slope, headerY);
  // words well left of the table's first column belong to a sidebar beside it, not to a cell
  const left = (header.cols[0]?.x0 ?? 0) - 1.5 * header.row.height;
  const words = row.words.filter((w) => xOf(w) + (w.box[2] - w.box[0]) / 2 >= left);
  const byCol = assign(words, header.cols, xOf);
  keepThousandsTogether(byCol, words, row.height);
  keepRunsInText(
    byCol,
    words,
    row.height,
    header.cols.findIndex((c) => c.key === columns.textKey),
  );
  const cells = new Map<string, Tok[]>();
  byCol.forEach((toks, ci) => {
    const key = header.cols[ci]?.key;
    if (key) cells.set(key, key === columns.textKey ? inReadingOrder(toks, slope) : toks);
  });
  return cells;
}

/** Whether a row's cells make an item of the table: a figure stands in one of its figure columns. */
const holdsFigures = (cells: Map<string, Tok[]>, columns: ReadColumns): boolean =>
  [...cells].some(
    ([key, toks]) => columns.figureKeys.has(key) && toks.some((t) => /\d/.test(t.text)),
  );

/**
 * Where a table read on `page` continues after it: below its header repeated near the top of the
 * next page, else at the top of that page when its first row is an item in the table's columns.
 * It is always a later page, so a table continues at most once per page.
 */
function continuation(
  page: number,
  from: number,
  header: HeaderMatch,
  columns: ReadColumns,
  ctx: DocContext,
  matchHeader: (row: Row) => HeaderMatch,
): { index: number; header: HeaderMatch; page: number } | null {
  const rows = ctx.layout.rows;
  let start = from;
  while (start < rows.length && rows[start]!.page <= page) start++;
  const nextPage = rows[start]?.page;
  if (nextPage === undefined) return null;
  for (let i = start; i < rows.length && i < start + 10 && rows[i]?.page === nextPage; i++) {
    const row = rows[i]!;
    const m = matchHeader(row);
    if (m.matched >= Math.min(2, columns.table.columns.length) && m.matched >= header.matched - 1)
      return { index: i + 1, header: m, page: nextPage };
  }
  // no repeated header: the rows at the top of the page continue in the same columns when the
  // first of them is an item there (a note, or a summary's line with its sum outside the figure
  // columns, would only be read into the last item's description)
  const first = rows
    .slice(start, start + 3)
    .find((r) => r.page === nextPage && !PAGE_FURNITURE.test(r.text));
  if (!first || !/\d[.,]\d{2}(?!\d)/.test(first.text) || isStop(first)) return null;
  if (columns.figureKeys.size && !holdsFigures(cellsOfRow(first, header, columns, ctx), columns))
    return null;
  return { index: first.index, header, page: nextPage };
}

/** The money figures printed in the rows from a table's end on: its subtotal would be one. */
function sumsBelow(end: number, ctx: DocContext): number[] {
  return ctx.layout.rows
    .slice(end, end + 12)
    .flatMap((r) => findAmounts(r.text, ctx.mark).map((a) => a.value));
}

/** A position column's header ("#", "Pos.", "Nr.", "N°"). */
const POSITION_HEADER = /^(#|pos\.?|position|nr\.?|no\.?|n[°º]\.?|lfd\.?)$/i;

/**
 * A position column printed without a header of its own, or too close to the descriptions to be a
 * column ("1 Versandkosten"), is not part of the description: a row's leading number is dropped
 * when it is the row's place and most rows are numbered so, or the header starts with a position
 * word.
 */
function withoutPositions(
  out: { cells: Map<string, Tok[]> }[],
  textKey: string,
  header: HeaderMatch,
): void {
  // the row's place in the table when its description opens with it ("3 Grafikdesign")
  const position = (r: { cells: Map<string, Tok[]> }, i: number): boolean => {
    const t = r.cells.get(textKey)?.[0]?.text ?? '';
    return /^\d{1,3}\.?$/.test(t) && parseInt(t, 10) === i + 1;
  };
  const numbered = out.filter(position).length;
  const first = header.row.words[0]?.text ?? '';
  // most rows counting 1, 2, 3… (a scan may lose one figure), or a position column's header
  const counts = numbered >= 2 && numbered >= 0.6 * out.length;
  if (!counts && !(POSITION_HEADER.test(first) && numbered > 0)) return;
  out.forEach((r, i) => {
    const toks = r.cells.get(textKey) ?? [];
    // a description that is only a number keeps it
    if (position(r, i) && toks.length > 1) r.cells.set(textKey, toks.slice(1));
  });
}

/**
 * Rows of a table under a header, until a totals line or a large gap; a table that runs onto the
 * next page (its header repeated there, or its rows going on at the top) continues there.
 */
export function readRows(
  header: HeaderMatch,
  table: Pick<TableDefinition, 'columns'>,
  ctx: DocContext,
  matchHeader?: (row: Row) => HeaderMatch,
): ExtractedTable {
  const rows = ctx.layout.rows;
  const named = table.columns.filter((c) => header.cols.some((h) => h.key === c.key));
  const columns: ReadColumns = {
    table,
    textKey: named.find((c) => c.type === 'string')?.key ?? null,
    figureKeys: new Set(named.filter((c) => c.type !== 'string').map((c) => c.key)),
  };
  const { textKey, figureKeys } = columns;
  const out: { cells: Map<string, Tok[]>; page: number }[] = [];
  let current = header;
  // the page the table is being read on. A table that goes on without its header printed again
  // keeps the header's columns on a later page; judged by its header's page instead, every row of
  // that page would look like a page break, and the row opening it would send the reading back to
  // itself without end. The page only moves forward, so each row is read at most twice.
  let tablePage = header.row.page;
  let prevBottom = header.row.box[3];
  // the widest gap between the table's rows on its page so far (kept as it goes: a page may hold
  // rows by the ten thousand)
  let widestGap: number | null = null;
  // the row the table stops at (its totals, or what follows it)
  let end = rows.length;
  for (let i = header.row.index + 1; i < rows.length && out.length < 500; i++) {
    const row = rows[i];
    if (!row) break;
    const gap = row.box[1] - prevBottom;
    const typical = widestGap ?? ctx.layout.unit;
    const pageEnds = row.page !== tablePage;
    // where the table stops on this page: it goes on below its header on the next page, or ends
    const goOn = (): boolean => {
      const next =
        matchHeader && out.length
          ? continuation(tablePage, i, current, columns, ctx, matchHeader)
          : null;
      if (!next) return false;
      current = next.header;
      tablePage = next.page;
      i = next.index - 1;
      prevBottom = (rows[next.index - 1] ?? current.row).box[3];
      widestGap = null;
      return true;
    };
    if (
      pageEnds ||
      gap > Math.max(3 * ctx.layout.unit, 2.5 * typical) ||
      PAGE_FURNITURE.test(row.text)
    ) {
      if (!pageEnds && PAGE_FURNITURE.test(row.text)) continue;
      if (goOn()) continue;
      end = i;
      break;
    }
    if (isStop(row)) {
      end = i;
      break;
    }
    const cells = cellsOfRow(row, current, columns, ctx);
    const hasNumber = holdsFigures(cells, columns);
    // a line of words alone, set apart from the row above, is no part of it: the page's footer
    // (the issuer's name, address and bank details) under the table's last row
    if (!hasNumber && out.length && gap > 1.2 * ctx.layout.unit) {
      if (goOn()) continue;
      end = i;
      break;
    }
    widestGap = Math.max(widestGap ?? 0, gap);
    prevBottom = row.box[3];
    const last = out[out.length - 1];
    if (!hasNumber && last && textKey) {
      // a line with only a description continues the previous row
      // (added in place: copying the description for each of its lines would take time growing
      // with the square of their number)
      const extra = [...cells.values()].flat();
      const text = last.cells.get(textKey);
      if (!text) last.cells.set(textKey, extra);
      else for (const w of extra) text.push(w);
      continue;
    }
    if (!hasNumber && figureKeys.size) continue;
    if (cells.size) out.push({ cells, page: row.page });
  }
  if (textKey) withoutPositions(out, textKey, header);
  const read: ReadRow[] = out.map(
    (r) =>
      new Map(
        table.columns.map((c) => {
          const read = r.cells.get(c.key) ?? [];
          const toks = c.key === textKey ? descriptionWords(read) : read;
          const value = cellOf(toks, c.type, r.page, ctx);
          return [c.key, { value, text: toks.map((t) => t.text).join(' ') }];
        }),
      ),
  );
  return {
    rows: balanceRows(read, table.columns, sumsBelow(end, ctx)).map((r) =>
      Object.fromEntries([...r].map(([key, cell]) => [key, cell.value])),
    ),
  };
}
