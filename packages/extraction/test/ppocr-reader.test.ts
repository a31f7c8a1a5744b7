import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';

import { readDocument, terminateOcr } from '../src/index.js';
import { useOcrModels } from '../src/reading/ppocr/models.js';
import { regionsFromMap } from '../src/reading/ppocr/detect.js';
import { convexHull, minAreaRect, unclip } from '../src/reading/ppocr/geometry.js';
import { rotateGrey } from '../src/reading/ppocr/grey-image.js';
import { decode } from '../src/reading/ppocr/recognize.js';
import {
  secondReadings,
  fixDashes,
  rowWords,
  runOnSplits,
} from '../src/reading/ppocr/row-words.js';
import { receiptJpeg } from './fixtures/generate.js';

afterAll(async () => {
  await terminateOcr();
});

const RECEIPT = [
  'KEDAI RUNCIT MAJU SDN BHD',
  'NO 12, JALAN MERANTI 3,',
  '14/03/2024 10:22 CASHIER 02',
  'TOTAL INCL GST 12.33',
  'CASH 22.30',
];

describe('the PP-OCR page reader', () => {
  it('reads a receipt scan into rows of words with boxes and confidences', async () => {
    const doc = await readDocument(await receiptJpeg(RECEIPT), 'receipt.jpg');
    const page = doc.pages[0]!;
    expect(page.lines.map((l) => l.text.replace(/\t/g, ' '))).toEqual(RECEIPT);
    const total = page.words.find((w) => w.text === '12.33')!;
    expect(total.confidence).toBeGreaterThan(0.8);
    // the fourth row was drawn at y = 20 + 3 * 33, right of the label
    expect(total.box[1]).toBeGreaterThan(100);
    expect(total.box[3]).toBeLessThan(160);
    const label = page.words.find((w) => w.text === 'GST')!;
    expect(total.box[0]).toBeGreaterThan(label.box[2]);
  });

  it.each([90, 180, 270])('reads a page scanned turned by %i degrees upright', async (angle) => {
    const turned = await sharp(await receiptJpeg(RECEIPT))
      .rotate(angle)
      .jpeg({ quality: 90 })
      .toBuffer();
    const doc = await readDocument(new Uint8Array(turned), 'turned.jpg');
    const page = doc.pages[0]!;
    // every character of every row, in order (spacing is the upright test's concern: the turned
    // JPEG is encoded again, and a narrow space after a comma may go either way)
    const unspaced = (text: string) => text.replace(/\s/g, '');
    expect(page.lines.map((l) => unspaced(l.text))).toEqual(RECEIPT.map(unspaced));
    // described as the upright page: as wide as the receipt was drawn
    expect(page.width).toBe(600);
  });
});

describe('when the models cannot be loaded', () => {
  it('fails the reading with the reason, and reads again once they are back', async () => {
    const receipt = await receiptJpeg(['TOTAL 9.00']);
    await terminateOcr();
    useOcrModels({
      detector: '/nonexistent/det.onnx',
      recognizer: '/nonexistent/rec.onnx',
      dictionary: '/nonexistent/keys.txt',
      direction: '/nonexistent/cls.onnx',
    });
    try {
      await expect(readDocument(receipt, 'receipt.jpg')).rejects.toThrow(/OCR failed|nonexistent/);
    } finally {
      useOcrModels(null);
      await terminateOcr();
    }
    const doc = await readDocument(receipt, 'receipt.jpg');
    expect(doc.pages[0]!.lines.map((l) => l.text.replace(/\t/g, ' '))).toEqual(['TOTAL 9.00']);
  });
});

describe('text regions', () => {
  it('finds one rectangle per blob of the probability map, grown to the text it stands for', () => {
    const width = 40;
    const height = 20;
    const map = new Float32Array(width * height);
    // a row of text 20 x 4 detector pixels, and a faint smudge that is not text
    for (let y = 4; y < 8; y++) for (let x = 5; x < 25; x++) map[y * width + x] = 0.9;
    for (let y = 12; y < 16; y++) for (let x = 5; x < 15; x++) map[y * width + x] = 0.35;
    const regions = regionsFromMap(map, width, height, 2, 2);
    expect(regions).toHaveLength(1);
    const { rect } = regions[0]!;
    // centre (15, 6) in the detector's pixels is (30, 12) in the image's; grown by 20*4*1.6/48
    expect(rect.cx).toBeCloseTo(30);
    expect(rect.cy).toBeCloseTo(12);
    expect(rect.width).toBeCloseTo((20 + (2 * (80 * 1.6)) / 48) * 2);
    expect(rect.height).toBeCloseTo((4 + (2 * (80 * 1.6)) / 48) * 2);
  });

  it('fits a slanted row with an angle, its long side as its width', () => {
    const angle = (10 * Math.PI) / 180;
    const corners: [number, number][] = [
      [0, 0],
      [100, 0],
      [100, 10],
      [0, 10],
    ].map(([x, y]) => [
      x! * Math.cos(angle) - y! * Math.sin(angle),
      x! * Math.sin(angle) + y! * Math.cos(angle),
    ]);
    const rect = minAreaRect(convexHull(corners));
    expect(rect.width).toBeCloseTo(100);
    expect(rect.height).toBeCloseTo(10);
    expect(rect.angle).toBeCloseTo(angle);
    expect(unclip(rect, 1.6).height).toBeCloseTo(10 + 2 * ((1000 * 1.6) / 220));
  });

  it('turns a bitmap by quarters', () => {
    const image = { data: Uint8Array.from([1, 2, 3, 4, 5, 6]), width: 3, height: 2 };
    expect(rotateGrey(image, 90)).toEqual({
      data: Uint8Array.from([4, 1, 5, 2, 6, 3]),
      width: 2,
      height: 3,
    });
    expect(rotateGrey(image, 180).data).toEqual(Uint8Array.from([6, 5, 4, 3, 2, 1]));
    expect(rotateGrey(image, 270)).toEqual({
      data: Uint8Array.from([3, 6, 2, 5, 1, 4]),
      width: 2,
      height: 3,
    });
  });
});

describe('rows into words', () => {
  const charset = {
    chars: ['', 'T', 'O', 'A', 'L', '9', '.', '0', ' '],
    allowed: new Uint8Array(9),
  };

  it('reads a space where the recogniser leaned to one between two characters, not between figures', () => {
    // steps: T O T A L (space doubted at 0.1) 9 . 0 0, and a figure gap doubted at 0.1
    const best = Int32Array.from([1, 2, 1, 3, 4, 0, 5, 6, 7, 0, 7]);
    const space = Float32Array.from([0, 0, 0, 0, 0, 0.1, 0, 0, 0, 0.1, 0]);
    const probability = Float32Array.from(best, () => 0.9);
    const second = new Int32Array(best.length);
    const secondProbability = new Float32Array(best.length);
    const out = { best, probability, second, secondProbability, space, steps: best.length };
    const reading = decode(out, 0, charset, 1 / 11);
    expect(reading.text).toBe('TOTAL 9.00');
    expect(reading.confidence).toBeCloseTo(0.9);
  });

  it("keeps a glyph's runner-up character, not a runner-up blank or one the scores barely gave", () => {
    // steps: 9 (runner-up 0 at 0.3) . 0 (runner-up blank) 0 (runner-up 9 at 0.01)
    const best = Int32Array.from([5, 6, 7, 7]);
    const probability = Float32Array.from([0.6, 0.99, 0.7, 0.95]);
    const second = Int32Array.from([7, 2, 0, 5]);
    const secondProbability = Float32Array.from([0.3, 0.004, 0.25, 0.01]);
    const space = new Float32Array(4);
    const out = { best, probability, second, secondProbability, space, steps: 4 };
    // the two steps of 0 with no blank between them are one glyph
    const reading = decode(out, 0, charset, 1 / 4);
    expect(reading.chars.map((c) => c.runnerUp?.text ?? null)).toEqual(['0', null, null]);
    expect(reading.chars[0]?.runnerUp?.probability).toBeCloseTo(0.3);
  });

  it('offers a word of figures read again with one doubtful figure as its runner-up', () => {
    const glyphs = [
      { text: '2', at: 0.1, probability: 0.99 },
      { text: '8', at: 0.3, probability: 0.55, runnerUp: { text: '6', probability: 0.4 } },
      { text: '.', at: 0.5, probability: 0.99, runnerUp: { text: ',', probability: 0.3 } },
      { text: '6', at: 0.7, probability: 0.9, runnerUp: { text: '5', probability: 0.06 } },
      { text: '0', at: 0.9, probability: 0.99 },
    ];
    const readings = secondReadings(glyphs);
    // the decimal point's runner-up is no figure, and a runner-up under 0.1 is not offered
    expect(readings.map((r) => r.text)).toEqual(['26.60']);
    expect(readings[0]?.confidence).toBeCloseTo((0.99 + 0.4 + 0.99 + 0.9 + 0.99) / 5);
  });

  it('offers a word read again with one doubtful letter as its runner-up, never a letter as a figure', () => {
    const glyph = (text: string, probability = 0.99, runnerUp?: string) => ({
      text,
      at: 0,
      probability,
      ...(runnerUp ? { runnerUp: { text: runnerUp, probability: 1 - probability } } : {}),
    });
    const melavati = [...'Mela'].map((c) => glyph(c));
    melavati.push(glyph('v', 0.6, 'w'), ...[...'ati'].map((c) => glyph(c)));
    expect(secondReadings(melavati).map((r) => r.text)).toEqual(['Melawati']);
    // "Leve1" whose 1 may be an l: a figure and a letter are told apart by the rules that know
    // where each belongs, not by the recogniser's second choice
    const level = [...'Leve'].map((c) => glyph(c));
    level.push(glyph('1', 0.6, 'l'));
    expect(secondReadings(level)).toEqual([]);
    // figures first: an amount's second readings are never crowded out by its letters'
    const amount = [glyph('R', 0.5, 'P'), glyph('M', 0.5, 'N'), glyph('H', 0.5, 'K')];
    amount.push(glyph('8', 0.6, '6'), glyph('.'), glyph('5'), glyph('0'));
    expect(secondReadings(amount).map((r) => r.text)).toEqual([
      'RMH6.50',
      'PMH8.50',
      'RNH8.50',
      'RMK8.50',
    ]);
  });

  it('boxes each word where its characters lie along the row', () => {
    const chars = 'AB CD'
      .split('')
      .map((text, i) => ({ text, at: (i + 0.5) / 5, probability: 0.8 }));
    const rect = { cx: 60, cy: 20, width: 100, height: 10, angle: 0 };
    const words = rowWords({ text: 'AB CD', confidence: 0.8, chars }, rect);
    expect(words.map((w) => w.text)).toEqual(['AB', 'CD']);
    const rounded = words.map((w) => w.box.map((v) => Math.round(v)));
    expect(rounded).toEqual([
      [10, 15, 50, 25],
      [70, 15, 110, 25],
    ]);
  });

  it("gives each word its mean character probability and its least sure character's", () => {
    // one glyph a close call in an otherwise sure word: the mean hides it, the least sure shows it
    const probabilities = [0.99, 0.99, 0.99, 0.55, 0.99, 0.9];
    const chars = 'TRADE X'
      .split('')
      .filter((text) => text !== ' ')
      .map((text, i) => ({ text, at: (i + 0.5) / 7, probability: probabilities[i]! }));
    chars.splice(5, 0, { text: ' ', at: 5.5 / 7, probability: 0.9 });
    const rect = { cx: 60, cy: 20, width: 100, height: 10, angle: 0 };
    const [trade, x] = rowWords({ text: 'TRADE X', confidence: 0.9, chars }, rect);
    expect(trade?.text).toBe('TRADE');
    expect(trade?.confidence).toBeCloseTo(0.902);
    expect(trade?.leastGlyph).toBeCloseTo(0.55);
    expect(x?.leastGlyph).toBeCloseTo(0.9);
  });

  it('splits a date run on into its time, a label into its date, and a day into its month', () => {
    expect(runOnSplits('25/12/20188:13:39PM')).toEqual([10]);
    expect(runOnSplits('18-11-1813:58')).toEqual([8]);
    expect(runOnSplits('02-03-184723')).toEqual([8]);
    expect(runOnSplits('#19-18/03/2018')).toEqual([4]);
    expect(runOnSplits('Date:25/12/20188:13:39PM')).toEqual([5, 15]);
    expect(runOnSplits('18/03/2018')).toEqual([]);
    expect(runOnSplits('02-03-2018')).toEqual([]);
    expect(runOnSplits('03-6092-1968')).toEqual([]);
    expect(fixDashes('05~05-17')).toBe('05-05-17');
    expect(runOnSplits('05Mar2018')).toEqual([2, 5]);
    expect(runOnSplits('Mar2018')).toEqual([3]);
    expect(runOnSplits('12.50')).toEqual([]);
    expect(runOnSplits('05MARKET')).toEqual([]);
  });
});
