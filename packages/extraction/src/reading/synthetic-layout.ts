import type { Page, SourceTable, Word } from '../document.js';
import { buildPage } from './layout.js';

/**
 * Word files have no fixed layout, so pages get a plausible one: US Letter in points, one line per
 * paragraph or table row, table cells in equal-width columns. Downstream code that looks for "the
 * value right of the label" or "rows under the header" then works the same as on PDFs.
 */
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 72;
const LINE_HEIGHT = 14;
const FONT_SIZE = 10;
/** Average advance of a 10 pt proportional font. */
const CHAR_WIDTH = 5;
const LINES_PER_PAGE = Math.floor((PAGE_HEIGHT - 2 * MARGIN) / LINE_HEIGHT);

export type SyntheticItem = { kind: 'line'; cells: string[] } | { kind: 'table'; rows: string[][] };

function wordsForCell(text: string, x: number, maxX: number, top: number): Word[] {
  const words: Word[] = [];
  let cursor = x;
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const width = token.length * CHAR_WIDTH;
    // Long cell text is squeezed rather than overflowing into the next column's x range.
    const x1 = Math.min(cursor + width, maxX);
    const x0 = Math.min(cursor, x1 - 1);
    words.push({ text: token, box: [x0, top, x1, top + FONT_SIZE], confidence: 1 });
    cursor += width + CHAR_WIDTH;
  }
  return words;
}

export function layOutPages(items: readonly SyntheticItem[]): Page[] {
  const pages: Page[] = [];
  let words: Word[] = [];
  let tables: SourceTable[] = [];
  let lineIndex = 0;
  const finishPage = () => {
    const page = buildPage(pages.length + 1, PAGE_WIDTH, PAGE_HEIGHT, 'word', words);
    if (tables.length) page.tables = tables;
    pages.push(page);
    words = [];
    tables = [];
    lineIndex = 0;
  };
  const addLine = (cells: string[]) => {
    if (lineIndex >= LINES_PER_PAGE) finishPage();
    const top = MARGIN + lineIndex * LINE_HEIGHT;
    const columnWidth = (PAGE_WIDTH - 2 * MARGIN) / Math.max(1, cells.length);
    cells.forEach((cell, i) => {
      const x = MARGIN + i * columnWidth;
      // Leave a gap wider than a line height between columns so line text shows a tab there.
      words.push(...wordsForCell(cell, x, x + columnWidth - LINE_HEIGHT - 2, top));
    });
    lineIndex++;
  };
  for (const item of items) {
    if (item.kind === 'line') {
      if (item.cells.some((c) => c.trim())) addLine(item.cells);
      continue;
    }
    // A table is attached to the page its first row lands on.
    if (lineIndex >= LINES_PER_PAGE) finishPage();
    tables.push({ rows: item.rows });
    for (const row of item.rows) addLine(row);
  }
  if (words.length || tables.length || pages.length === 0) finishPage();
  return pages;
}
