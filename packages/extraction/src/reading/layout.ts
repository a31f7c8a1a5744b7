import type { Block, Box, Line, Page, ReadMethod, Word } from '../document.js';

/** Smallest box containing all given boxes; [0,0,0,0] for none. */
export function unionBoxes(boxes: readonly Box[]): Box {
  if (boxes.length === 0) return [0, 0, 0, 0];
  let [x0, y0, x1, y1] = boxes[0]!;
  for (const [a, b, c, d] of boxes) {
    if (a < x0) x0 = a;
    if (b < y0) y0 = b;
    if (c > x1) x1 = c;
    if (d > y1) y1 = d;
  }
  return [x0, y0, x1, y1];
}

const height = (b: Box) => b[3] - b[1];

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Joins a line's words. A gap wider than the line height is a column gap (label … value, table
 * cells), written as a tab so text-based extractors can still tell columns apart.
 */
export function lineText(words: readonly Word[], lineHeight: number): string {
  let text = '';
  words.forEach((w, i) => {
    if (i > 0) text += w.box[0] - words[i - 1]!.box[2] > lineHeight ? '\t' : ' ';
    text += w.text;
  });
  return text;
}

export function makeLine(words: Word[]): Line {
  const sorted = [...words].sort((a, b) => a.box[0] - b.box[0]);
  const box = unionBoxes(sorted.map((w) => w.box));
  return { words: sorted, box, text: lineText(sorted, median(sorted.map((w) => height(w.box)))) };
}

/**
 * Groups words into lines by vertical overlap, top to bottom, words left to right.
 *
 * A line spans the whole page width: on invoices a label and its value (or a table row's cells) sit
 * side by side, and downstream positional extraction needs them on one line. Text-layer words and
 * OCR words are grouped the same way, so both kinds of page look alike to the rules.
 *
 * Each line keeps a running mean of its members' top and bottom rather than their union, so one tall
 * word (a logo, a big total) cannot swallow the lines above and below it.
 */
export function groupWordsIntoLines(words: readonly Word[]): Line[] {
  const sorted = [...words].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  const lines: { words: Word[]; top: number; bottom: number }[] = [];
  for (const word of sorted) {
    const [, wy0, , wy1] = word.box;
    const wh = Math.max(wy1 - wy0, 1e-6);
    let best: (typeof lines)[number] | undefined;
    let bestRatio = 0.5;
    // Only recent lines can overlap a word that starts lower than all earlier words.
    for (let i = lines.length - 1; i >= 0 && i >= lines.length - 8; i--) {
      const line = lines[i]!;
      const overlap = Math.min(line.bottom, wy1) - Math.max(line.top, wy0);
      const ratio = overlap / Math.min(wh, Math.max(line.bottom - line.top, 1e-6));
      if (ratio > bestRatio) {
        best = line;
        bestRatio = ratio;
      }
    }
    if (best) {
      const n = best.words.length;
      best.top = (best.top * n + wy0) / (n + 1);
      best.bottom = (best.bottom * n + wy1) / (n + 1);
      best.words.push(word);
    } else {
      lines.push({ words: [word], top: wy0, bottom: wy1 });
    }
  }
  return lines.sort((a, b) => a.top - b.top).map((l) => makeLine(l.words));
}

/**
 * Groups consecutive lines into blocks, starting a new block where the vertical gap between two lines
 * is larger than the typical line height (a paragraph break, the space before a table or totals).
 */
export function groupLinesIntoBlocks(lines: readonly Line[]): Block[] {
  const blocks: Block[] = [];
  let current: Line[] = [];
  const flush = () => {
    if (current.length) blocks.push({ lines: current, box: unionBoxes(current.map((l) => l.box)) });
    current = [];
  };
  for (const line of lines) {
    const prev = current[current.length - 1];
    if (prev) {
      const gap = line.box[1] - prev.box[3];
      const typical = Math.min(height(prev.box), height(line.box));
      if (gap > typical) flush();
    }
    current.push(line);
  }
  flush();
  return blocks;
}

/** Builds a contract Page from positioned words, so every reader lays pages out the same way. */
export function buildPage(
  number: number,
  width: number,
  pageHeight: number,
  method: ReadMethod,
  words: Word[],
): Page {
  const lines = groupWordsIntoLines(words);
  const blocks = groupLinesIntoBlocks(lines);
  // Page.words follows reading order so consumers iterating words see the same order as lines.
  return {
    number,
    width,
    height: pageHeight,
    method,
    words: lines.flatMap((l) => l.words),
    lines,
    blocks,
  };
}

/** Page text as lines, the form ReadDocument.text concatenates. */
export function pageText(page: Page): string {
  return page.lines.map((l) => l.text).join('\n');
}
