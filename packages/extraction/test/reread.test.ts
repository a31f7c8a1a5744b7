import { describe, expect, it } from 'vitest';

import type { Word } from '../src/document.js';
import { bandsToReread, cropGrey, mergeReread } from '../src/reading/reread.js';

const word = (text: string, x: number, y: number, confidence = 0.95): Word => ({
  text,
  box: [x, y, x + text.length * 10, y + 20],
  confidence,
});

describe('second reading of key rows', () => {
  const page = (): Word[] => [
    word('HARDWARE', 20, 20),
    word('TRADING', 120, 20),
    word('Date:', 20, 60),
    word('06/03/2018', 80, 60, 0.31),
    word('Pen', 20, 100),
    word('2.40', 400, 100),
    word('TOTAL', 20, 140),
    word('64.50', 400, 140, 0.69),
    word('CASH', 20, 180),
  ];

  it('picks the money rows and the rows with a doubtful date, to the right edge of the text', () => {
    const bands = bandsToReread(page(), 600, 400);
    expect(bands.map((b) => [b.kind, b.words.map((w) => w.text).join(' ')])).toEqual([
      ['date', 'Date: 06/03/2018'],
      ['money', 'TOTAL 64.50'],
      ['money', 'CASH'],
    ]);
    const cash = bands[2]!;
    // a figure the page reading lost sits right of the label, up to where the page's text ends
    expect(cash.right).toBeGreaterThanOrEqual(450);
    expect(cash.top).toBeLessThan(180);
    expect(cash.bottom).toBeGreaterThan(200);
  });

  it('keeps a differing figure as an alternative, replaces a doubtful date, adds a lost figure', () => {
    const words = page();
    const [date, total, cash] = bandsToReread(words, 600, 400);
    mergeReread(total!, [word('TOTAL', 21, 141), word('54.50', 401, 140, 0.9)], words);
    const figure = words.find((w) => w.text === '64.50')!;
    expect(figure.alternatives).toEqual([{ text: '54.50', confidence: 0.9 }]);
    mergeReread(date!, [word('Date:', 20, 60), word('08/03/2018', 81, 60, 0.95)], words);
    expect(words.find((w) => w.box[0] === 80)?.text).toBe('08/03/2018');
    mergeReread(cash!, [word('CASH', 20, 180), word('70.00', 400, 180, 0.93)], words);
    expect(words.some((w) => w.text === '70.00')).toBe(true);
    // a figure found only the second time, but read doubtfully, is not added
    const before = words.length;
    mergeReread(cash!, [word('9.00', 300, 180, 0.5)], words);
    expect(words.length).toBe(before);
  });

  it('crops a rectangle of a greyscale bitmap, clamped to its edges', () => {
    const width = 8;
    const height = 6;
    const data = Uint8Array.from({ length: width * height }, (_, i) => i);
    const crop = cropGrey({ data, width, height }, 2, 1, 5, 3);
    expect([crop.width, crop.height]).toEqual([3, 2]);
    expect([...crop.data]).toEqual([10, 11, 12, 18, 19, 20]);
    const edge = cropGrey({ data, width, height }, 6, 4, 20, 20);
    expect([edge.width, edge.height]).toEqual([2, 2]);
    expect([...edge.data]).toEqual([38, 39, 46, 47]);
  });
});
