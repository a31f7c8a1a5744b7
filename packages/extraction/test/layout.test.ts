import { describe, expect, it } from 'vitest';

import type { Word } from '../src/document.js';
import { layoutOf } from '../src/extract/layout.js';
import { doc, lineOfWords, scannedPage } from './extract-helpers.js';

/** A scan turned a little: every printed line rises 5 px per 100 px to the right. */
const SLOPE = -0.05;
const HEIGHT = 36;

/** Words of one printed line (number `n` from the top), each at the height the slant puts it. */
function printed(n: number, words: [text: string, x0: number, x1: number][]): Word[] {
  return words.map(([text, x0, x1]) => {
    const y = 120 + n * 1.4 * HEIGHT + SLOPE * ((x0 + x1) / 2 - 300);
    return { text, box: [x0, y - HEIGHT / 2, x1, y + HEIGHT / 2], confidence: 0.95 };
  });
}

describe('rows of a slanted scan', () => {
  it('puts back on its line a word the reader took into the line below', () => {
    const first = printed(0, [
      ['LOT', 80, 130],
      ['1851-A,', 150, 250],
      ['JALAN', 430, 515],
      ['KPB', 530, 580],
    ]);
    const [kawasan, ...second] = printed(1, [
      ['KAWASAN', 100, 220],
      ['PERINDUSTRIAN', 235, 450],
      ['BALAKONG', 460, 600],
    ]);
    const third = printed(2, [
      ['43300', 120, 205],
      ['SERI', 220, 290],
      ['KEMBANGAN,', 300, 470],
      ['SELANGOR', 480, 615],
    ]);
    const fourth = printed(3, [
      ['GST', 150, 220],
      ['ID:', 235, 270],
      ['000306020352', 280, 515],
    ]);
    // the reader's regions: the second line's first word went into the third line's region
    const lines = [first, second, [kawasan!, ...third], fourth].map(lineOfWords);
    const page = scannedPage(lines, 640, 900);
    const rows = layoutOf(doc(page)).rows.map((r) => r.text);
    expect(rows).toEqual([
      'LOT 1851-A, JALAN KPB',
      'KAWASAN PERINDUSTRIAN BALAKONG',
      '43300 SERI KEMBANGAN, SELANGOR',
      'GST ID: 000306020352',
    ]);
  });
});
