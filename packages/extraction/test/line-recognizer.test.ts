import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

import type { Word } from '../src/document.js';
import {
  readLines,
  releaseLineRecognizer,
  toAscii,
  useRecognitionModel,
} from '../src/reading/line-recognizer.js';
import type { GreyImage } from '../src/reading/ocr-pool.js';
import { bandsToReread, mergeRecognized } from '../src/reading/reread.js';
import { type RecognizedWord, wordsFromReading } from '../src/reading/row-words.js';
import { textImagePng } from './fixtures/generate.js';

afterAll(async () => {
  await releaseLineRecognizer();
});

async function greyRow(text: string): Promise<GreyImage> {
  const png = await textImagePng([text], 40);
  const { data, info } = await sharp(png)
    .greyscale()
    .trim()
    .extend({
      top: 8,
      bottom: 8,
      left: 8,
      right: 8,
      background: '#ffffff',
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
    width: info.width,
    height: info.height,
  };
}

describe('the PP-OCR row recogniser', () => {
  afterEach(async () => {
    useRecognitionModel(null);
    await releaseLineRecognizer();
  });

  it('reads printed rows with each character placed across the row', async () => {
    const rows = await readLines([
      await greyRow('TOTAL RM 54.50'),
      await greyRow('DATE 17/03/2018'),
    ]);
    expect(rows).not.toBeNull();
    const [total, date] = rows!;
    expect(total!.text.replace(/\s+/g, ' ').trim()).toBe('TOTAL RM 54.50');
    expect(date!.text).toContain('17/03/2018');
    expect(total!.confidence).toBeGreaterThan(0.8);
    const xs = total!.chars.map((c) => c.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  it('answers an empty reading for a sliver too small to hold a row', async () => {
    const rows = await readLines([{ data: new Uint8Array(6), width: 3, height: 2 }]);
    expect(rows).toEqual([{ text: '', confidence: 0, chars: [] }]);
  });

  it('answers null with one warning when its model cannot be loaded, so tesseract reads alone', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    useRecognitionModel({ model: '/nonexistent/rec.onnx', dictionary: '/nonexistent/keys.txt' });
    await releaseLineRecognizer();
    try {
      expect(await readLines([await greyRow('TOTAL 9.00')])).toBeNull();
      expect(await readLines([await greyRow('TOTAL 9.00')])).toBeNull();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/uses tesseract alone/);
    } finally {
      warn.mockRestore();
    }
  });

  it('maps full-width forms and CJK punctuation to ASCII', () => {
    expect(toAscii('ＲＭ８．５０。')).toBe('RM8.50.');
  });
});

const word = (text: string, x: number, y: number, confidence = 0.95): Word => ({
  text,
  box: [x, y, x + text.length * 10, y + 20],
  confidence,
});

const chars = (text: string, x0: number, pitch = 10, probability = 0.97) =>
  [...text].map((c, i) => ({ text: c, x: x0 + i * pitch + pitch / 2, probability }));

describe('placing a row reading on the page', () => {
  it('splits words at the recogniser’s spaces and at wide gaps the page reading saw', () => {
    const row = [word('TOTAL:', 20, 100), word('9.00', 200, 100)];
    // the recogniser ran label and figure together across the gap
    const reading = {
      text: 'TOTAL:9.00',
      confidence: 0.97,
      chars: [...chars('TOTAL:', 20), ...chars('9.00', 200)],
    };
    const words = wordsFromReading(reading, row, 0);
    expect(words.map((w) => w.text)).toEqual(['TOTAL:', '9.00']);
    expect(words[1]!.box).toEqual([200, 100, 240, 120]);
    expect(words[1]!.weakest).toBeCloseTo(0.97);
  });

  it('splits a date run on into the time beside it', () => {
    const row = [word('09-06-201816:00:43', 20, 50)];
    const reading = {
      text: '09-06-201816:00:43',
      confidence: 0.95,
      chars: chars('09-06-201816:00:43', 20),
    };
    expect(wordsFromReading(reading, row, 0).map((w) => w.text)).toEqual([
      '09-06-2018',
      '16:00:43',
    ]);
  });
});

describe('merging the row recogniser’s reading', () => {
  const recognized = (
    text: string,
    x: number,
    y: number,
    confidence: number,
    weakest = confidence,
  ): RecognizedWord => ({
    ...word(text, x, y, confidence),
    weakest,
  });

  it('replaces a doubtful figure read surely, keeping the page reading as an alternative', () => {
    const words = [word('TOTAL', 20, 140), word('64.50', 400, 140, 0.6)];
    const [band] = bandsToReread(words, 600, 400);
    mergeRecognized(
      band!,
      [recognized('TOTAL', 20, 140, 0.99), recognized('54.50', 400, 140, 0.98)],
      words,
    );
    const figure = words[1]!;
    expect(figure.text).toBe('54.50');
    expect(figure.alternatives).toEqual([{ text: '64.50', confidence: 0.6 }]);
  });

  it('keeps the page reading when one character of the second is doubtful', () => {
    const words = [word('TOTAL', 20, 140), word('64.50', 400, 140, 0.6)];
    const [band] = bandsToReread(words, 600, 400);
    mergeRecognized(band!, [recognized('54.50', 400, 140, 0.95, 0.3)], words);
    expect(words[1]!.text).toBe('64.50');
    expect(words[1]!.alternatives).toEqual([{ text: '54.50', confidence: 0.95 }]);
  });

  it('corrects a header word read surely where the page reading was doubtful', () => {
    const words = [
      word('PERNIAGAAN', 20, 10, 0.9),
      word('RIANC', 130, 10, 0.4),
      word('TOTAL', 20, 300),
      word('5.00', 400, 300),
    ];
    const bands = bandsToReread(words, 600, 400, { header: true });
    const header = bands.find((b) => b.kind === 'header')!;
    mergeRecognized(
      header,
      [recognized('PERNIAGAAN', 20, 10, 0.92), recognized('RIANG', 130, 10, 0.97)],
      words,
    );
    expect(words.map((w) => w.text)).toEqual(['PERNIAGAAN', 'RIANG', 'TOTAL', '5.00']);
  });
});
