/**
 * A table of any kind by what its columns mean: the header row is the row whose printed labels
 * answer most of the table's columns through the lexicon (two-line headers included), words below
 * it go to the column they stand under, and rows that are not data are left out: section
 * headings between rows, brought- and carried-forward rows, the sums under the table.
 */
import type { ColumnDefinition, TableDefinition } from '@parser/contracts';
import type { Box, ExtractedTable, ExtractedValue } from '../../document.js';
import type { DocContext } from '../context.js';
import { segments, unionBox, type Row, type Tok } from '../layout.js';
import { fieldMeaning, labelScore, type FieldMeaning } from '../lexicon/label-match.js';
import { lexiconWords, pageMeaning, type Meaning } from '../lexicon/meaning.js';
import { pageLabels, type PageLabel } from '../lexicon/page-labels.js';
import { titleTags } from '../lexicon/title.js';
import { nearestColumn, type HeaderCol } from './header.js';
import { cellOf } from './rows.js';

/**
 * What a column means. A text column named by an amount's word ("Charge", "Pay element") holds
 * the names of what is charged or paid: the rows' descriptions.
 */
function columnMeaning(column: ColumnDefinition): FieldMeaning {
  const meaning = fieldMeaning({ key: column.key, label: column.label, type: column.type });
  const heads = [...meaning.tags].filter(([, kind]) => kind === 'head').map(([tag]) => tag);
  const named = [...meaning.tags.values()].some((kind) => kind !== 'head');
  if (column.type === 'string' && !named && heads.length && heads.every((h) => h === 'amount'))
    return { ...meaning, tags: new Map([['description', 'subject']]), unknown: [] };
  return meaning;
}

/** A column matches a header cell this well or better. */
const LEAST_SCORE = 0.45;

interface Header {
  row: Row;
  cols: HeaderCol[];
  /** Matched columns and their score sum. */
  matched: number;
  score: number;
}

interface Asked {
  column: ColumnDefinition;
  meaning: FieldMeaning;
}

/** A header cell: words standing together over a column, and what they mean. */
interface HeaderCell {
  box: Box;
  words: string[];
  meaning: Meaning;
}

/** Header cells split at gaps wider than a word's space: column names stand closer than values. */
const CELL_GAP = 0.8;

function cellsOfRow(row: Row): HeaderCell[] {
  return segments(row.words, row.height, CELL_GAP).map((seg) => {
    const words = seg.flatMap((w) => lexiconWords(w.text));
    return { box: unionBox(seg.map((w) => w.box)), words, meaning: pageMeaning(words) };
  });
}

/**
 * The cells of a header whose names may wrap onto a second line: a cell of the upper line with a
 * cell under it is one name; the others stand alone.
 */
function headerCells(row: Row, above: Row | undefined): HeaderCell[] {
  const lower = cellsOfRow(row);
  if (!above) return lower;
  const upper = cellsOfRow(above);
  const out: HeaderCell[] = [];
  const joined = new Set<HeaderCell>();
  for (const u of upper) {
    const l = lower.find(
      (c) =>
        !joined.has(c) &&
        Math.min(c.box[2], u.box[2]) - Math.max(c.box[0], u.box[0]) >
          0.5 * Math.min(c.box[2] - c.box[0], u.box[2] - u.box[0]),
    );
    if (!l) {
      out.push(u);
      continue;
    }
    joined.add(l);
    const words = [...u.words, ...l.words];
    out.push({ box: unionBox([u.box, l.box]), words, meaning: pageMeaning(words) });
  }
  out.push(...lower.filter((c) => !joined.has(c)));
  return out.sort((a, b) => a.box[0] - b.box[0]);
}

function headerOf(
  row: Row,
  cells: HeaderCell[],
  asked: Asked[],
  implied: ReadonlySet<string>,
): Header | null {
  const pairs = asked
    .flatMap((a) =>
      cells.map((cell) => ({
        a,
        cell,
        score: labelScore(a.meaning, cell.meaning, cell.words, implied).score,
      })),
    )
    .filter((p) => p.score >= LEAST_SCORE)
    .sort((x, y) => y.score - x.score);
  const used = new Set<HeaderCell>();
  const usedCols = new Set<Asked>();
  const cols: HeaderCol[] = [];
  let score = 0;
  for (const p of pairs) {
    if (used.has(p.cell) || usedCols.has(p.a)) continue;
    used.add(p.cell);
    usedCols.add(p.a);
    score += p.score;
    cols.push({ key: p.a.column.key, x0: p.cell.box[0], x1: p.cell.box[2], box: p.cell.box });
  }
  // a text column the lexicon cannot name ("Cover", "Risk") is the one that opens the table
  const first = cells[0];
  const unnamed = asked.find((a) => a.column.type === 'string' && !usedCols.has(a));
  if (first && unnamed && !used.has(first) && cols.every((c) => c.x0 > first.box[2])) {
    used.add(first);
    usedCols.add(unnamed);
    score += LEAST_SCORE;
    cols.push({ key: unnamed.column.key, x0: first.box[0], x1: first.box[2], box: first.box });
  }
  if (cols.length < Math.min(2, asked.length)) return null;
  // the header's other cells are columns the type does not ask for: their values are not ours
  for (const cell of cells)
    if (!used.has(cell)) cols.push({ key: null, x0: cell.box[0], x1: cell.box[2], box: cell.box });
  cols.sort((a, b) => a.x0 - b.x0);
  return { row, cols, matched: usedCols.size, score };
}

/** The row whose cells answer most of the table's columns (a header holds no figures). */
function findHeader(asked: Asked[], ctx: DocContext, implied: ReadonlySet<string>): Header | null {
  const rows = ctx.layout.rows;
  let best: Header | null = null;
  for (const row of rows) {
    if (/\d/.test(row.text) || row.words.length > 20) continue;
    const prev = rows[row.index - 1];
    const above =
      prev &&
      prev.page === row.page &&
      !/\d/.test(prev.text) &&
      row.box[1] - prev.box[3] < 0.6 * ctx.layout.unit
        ? prev
        : undefined;
    for (const cells of [cellsOfRow(row), ...(above ? [headerCells(row, above)] : [])]) {
      const header = headerOf(row, cells, asked, implied);
      if (
        header &&
        (!best ||
          header.matched > best.matched ||
          (header.matched === best.matched && header.score > best.score))
      )
        best = header;
    }
  }
  return best;
}

/**
 * Each run of words to the column it stands under: a text by where it starts (a description runs
 * on to the right), a figure by where it ends (figures stand flush right under their header).
 */
function assign(row: Row, cols: HeaderCol[]): Map<HeaderCol, Tok[]> {
  const out = new Map<HeaderCol, Tok[]>();
  for (const run of segments(row.words, row.height, CELL_GAP)) {
    const box = unionBox(run.map((w) => w.box));
    const figure = run.every(
      (w) => /^[-+(]?[\d.,'’ %)]+[-]?$/.test(w.text) || /^[^\p{L}\d]+$/u.test(w.text),
    );
    const best = cols[nearestColumn(cols, figure ? box[2] : box[0])]!;
    out.set(best, [...(out.get(best) ?? []), ...run]);
  }
  return out;
}

/** A cell's value: text as printed (a range keeps its dash), dates and figures parsed. */
function valueOf(
  toks: Tok[],
  column: ColumnDefinition,
  page: number,
  ctx: DocContext,
): ExtractedValue {
  if (column.type !== 'string' || !toks.length) return cellOf(toks, column.type, page, ctx);
  return {
    value: toks.map((t) => t.text).join(' '),
    confidence: 0.55 + 0.3 * Math.min(...toks.map((t) => t.conf)),
    source: { page, box: unionBox(toks.map((t) => t.box)) },
  };
}

/**
 * A brought- or carried-forward row: a running figure, not a row of data. A French statement
 * heads its rows with the bare word "Report", which elsewhere names a report, so it counts only
 * as a row's one word.
 */
function isCarry(row: Row): boolean {
  const words = lexiconWords(row.text).filter((word) => !/^\d+$/.test(word));
  return pageMeaning(words).tags.has('carry') || (words.length === 1 && words[0] === 'report');
}

/** Sums and other labelled figures under a table: a label of an amount with a colon or a sum's word. */
function isSumRow(row: Row, labels: PageLabel[]): boolean {
  const first = labels.find((l) => l.row === row && !l.sentence && l.start === 0);
  if (!first) return false;
  return (
    first.colon ||
    [...first.meaning.tags.values()].some((kind) => kind === 'money') ||
    first.meaning.tags.has('total')
  );
}

export function meaningTable(
  table: Pick<TableDefinition, 'columns'>,
  ctx: DocContext,
): ExtractedTable | null {
  const asked: Asked[] = table.columns.map((column) => ({
    column,
    meaning: columnMeaning(column),
  }));
  const header = findHeader(asked, ctx, titleTags(ctx.layout));
  if (!header) return null;
  const keyCol =
    header.cols.find(
      (c) => c.key && table.columns.find((col) => col.key === c.key)?.type === 'string',
    ) ?? header.cols.find((c) => c.key);
  const labels = pageLabels(ctx.layout, ctx.order);
  const rows = ctx.layout.rows;
  const out: Map<string, Tok[]>[] = [];
  let prevBottom = header.row.box[3];
  for (let i = header.row.index + 1; i < rows.length; i++) {
    const row = rows[i]!;
    const gap = row.box[1] - prevBottom;
    if (row.page !== header.row.page || gap > 3 * ctx.layout.unit) break;
    const byCol = assign(row, header.cols);
    const key = keyCol ? (byCol.get(keyCol) ?? []) : [];
    if (!key.length && isSumRow(row, labels)) break;
    prevBottom = row.box[3];
    if (isCarry(row)) continue;
    const figures = row.words.some((w) => /\d/.test(w.text));
    if (!figures || !key.length) {
      // a line of words close under a row goes on with its cells; set apart, it heads a section
      const last = out[out.length - 1];
      if (last && gap < 0.5 * row.height)
        for (const [col, toks] of byCol)
          if (col.key) last.set(col.key, [...(last.get(col.key) ?? []), ...toks]);
      continue;
    }
    const cells = new Map<string, Tok[]>();
    for (const [col, toks] of byCol) if (col.key) cells.set(col.key, toks);
    out.push(cells);
  }
  return {
    rows: out.map((cells) =>
      Object.fromEntries(
        table.columns.map((c) => [c.key, valueOf(cells.get(c.key) ?? [], c, header.row.page, ctx)]),
      ),
    ),
  };
}
