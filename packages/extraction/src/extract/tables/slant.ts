/**
 * A scan's slant inside a table: a page turned by a small angle moves each column sideways the
 * further down the page it runs, and a cell's second line can be read into the same row as its
 * first. Cells are placed by where their words would stand on a level page.
 */
import type { Page } from '../../document.js';
import type { DocContext } from '../context.js';
import { pageSlope, type Tok } from '../layout.js';

const slopes = new WeakMap<Page, number>();

/** The slope of a page's text rows (dy per dx; 0 for a text layer or a straight scan). */
export function slopeOfPage(ctx: DocContext, pageNumber: number): number {
  const page = ctx.layout.doc.pages.find((p) => p.number === pageNumber);
  if (!page) return 0;
  let slope = slopes.get(page);
  if (slope === undefined) {
    slope = pageSlope(page);
    slopes.set(page, slope);
  }
  return slope;
}

const centreX = (t: Tok): number => (t.box[0] + t.box[2]) / 2;
const centreY = (t: Tok): number => (t.box[1] + t.box[3]) / 2;

/**
 * Where a word's centre would stand across the page at the height `originY` (the table header's):
 * text rows rising by `slope` per unit across mean columns drifting by `-slope` per unit down.
 */
export function levelX(t: Tok, slope: number, originY: number): number {
  return centreX(t) + slope * (centreY(t) - originY);
}

/** The height a word would stand at on a level page (measured at the page's left edge). */
const levelY = (t: Tok, slope: number): number => centreY(t) - slope * centreX(t);

/**
 * Words that a slanted scan read into one row, split into the lines they were printed on: from
 * the top, each line from the left. Words of one line come back as one line.
 */
export function readingLines(toks: Tok[], slope: number): Tok[][] {
  if (toks.length < 2) return toks.length ? [toks] : [];
  const heights = toks.map((t) => t.box[3] - t.box[1]).sort((a, b) => a - b);
  const height = heights[Math.floor(heights.length / 2)] ?? 0;
  const byHeight = [...toks].sort((a, b) => levelY(a, slope) - levelY(b, slope));
  const lines: Tok[][] = [];
  let lineY = -Infinity;
  for (const t of byHeight) {
    const y = levelY(t, slope);
    // a new line starts well below the previous one, not at a word's small jitter
    if (y - lineY > 0.6 * height || !lines.length) {
      lines.push([t]);
      lineY = y;
    } else lines[lines.length - 1]!.push(t);
  }
  if (lines.length < 2) return [toks];
  return lines.map((line) => line.sort((a, b) => a.box[0] - b.box[0]));
}

/**
 * A cell's words in reading order: line by line from the top, each line from the left. A cell
 * whose words stand on one line keeps its order; one whose second line a slanted scan read into the
 * same row ("Hoge Tonercartridge capaciteit zwart" for "Tonercartridge zwart" over "Hoge
 * capaciteit") is read line after line.
 */
export const inReadingOrder = (toks: Tok[], slope: number): Tok[] =>
  readingLines(toks, slope).flat();
