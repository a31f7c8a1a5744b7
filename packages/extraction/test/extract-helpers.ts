import type { FieldDefinition } from '@parser/contracts';

import type { Line, Page, ReadDocument, Word } from '../src/document.js';

/**
 * Lay out a page from text lines. Each line is a string; runs of 3+ spaces become a gap; a line may be placed with
 * [text, x, y]. Characters are 6 units wide, lines 12 high, 20 apart.
 */
export type LineSpec = string | [text: string, x: number, y?: number];

/** A line of cells, each starting at its column (in characters), as `page` lays lines out. */
export const cellsAt = (cells: [column: number, text: string][]): string =>
  cells.reduce((text, [column, cell]) => text.padEnd(column) + cell, '');

export function page(
  specs: LineSpec[],
  opts: { number?: number; confidence?: number; height?: number } = {},
): Page {
  const lines: Line[] = [];
  let y = 20;
  for (const spec of specs) {
    const [text, x0, yy] = typeof spec === 'string' ? [spec, 20, undefined] : spec;
    if (yy !== undefined) y = yy;
    const words: Word[] = [];
    let x = x0;
    for (const part of text.split(/( +)/)) {
      if (!part) continue;
      if (part.startsWith(' ')) {
        x += part.length * 6;
        continue;
      }
      words.push({
        text: part,
        box: [x, y, x + part.length * 6, y + 12],
        confidence: opts.confidence ?? 1,
      });
      x += part.length * 6;
    }
    if (words.length) {
      lines.push({
        words,
        text: words.map((w) => w.text).join(' '),
        box: [words[0]!.box[0], y, words[words.length - 1]!.box[2], y + 12],
      });
    }
    y += 20;
  }
  return {
    number: opts.number ?? 1,
    width: 600,
    height: opts.height ?? Math.max(800, y + 20),
    method: 'text_layer',
    words: lines.flatMap((l) => l.words),
    lines,
    blocks: [{ lines, box: [0, 0, 600, y] }],
  };
}

/** A line of words as the reader gives it: its text, and a box around every word. */
export const lineOfWords = (words: Word[]): Line => ({
  words,
  text: words.map((w) => w.text).join(' '),
  box: [
    Math.min(...words.map((w) => w.box[0])),
    Math.min(...words.map((w) => w.box[1])),
    Math.max(...words.map((w) => w.box[2])),
    Math.max(...words.map((w) => w.box[3])),
  ],
});

/** A scanned page of `width` × `height` pixels holding the given lines, as OCR reads one. */
export const scannedPage = (lines: Line[], width: number, height: number): Page => ({
  number: 1,
  width,
  height,
  method: 'ocr',
  words: lines.flatMap((l) => l.words),
  lines,
  blocks: [],
});

export function doc(...pages: Page[]): ReadDocument {
  return {
    format: 'pdf',
    pages,
    text: pages.map((p) => p.lines.map((l) => l.text).join('\n')).join('\f'),
  };
}

/** A field of a type's schema, as the builder defines one. */
export const field = (
  key: string,
  label: string,
  type: FieldDefinition['type'],
): FieldDefinition => ({ key, label, type });
