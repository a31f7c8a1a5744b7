import { afterAll, describe, expect, it } from 'vitest';

import type { Page } from '../src/document.js';
import { readDocument, terminateOcr } from '../src/index.js';
import { multiPageTiff, scannedPdf, textImageJpeg, textImagePng } from './fixtures/generate.js';

afterAll(async () => {
  // Stops the OCR worker threads and frees their models.
  await terminateOcr();
});

const wordsOf = (page: Page) => page.words.map((w) => w.text);

describe('OCR of images', () => {
  it('reads the words of a PNG with boxes, confidences and line order', async () => {
    const png = await textImagePng(['INVOICE No. 12345', 'Date 15/03/2024', 'TOTAL 99.50']);
    const doc = await readDocument(png, 'scan.png');
    expect(doc.format).toBe('png');
    const page = doc.pages[0]!;
    expect(page.method).toBe('ocr');
    expect(page.width).toBe(1400);
    expect(page.lines.map((l) => l.text)).toEqual([
      'INVOICE No. 12345',
      'Date 15/03/2024',
      'TOTAL 99.50',
    ]);
    const total = page.words.find((w) => w.text === '99.50')!;
    expect(total.confidence).toBeGreaterThan(0.8);
    expect(total.confidence).toBeLessThanOrEqual(1);
    // Boxes are in the image's pixels: the third line was drawn at y = 50 + 2 * 77.
    expect(total.box[1]).toBeGreaterThan(190);
    expect(total.box[3]).toBeLessThan(270);
    expect(total.box[2]).toBeLessThanOrEqual(page.width);
  });

  it('reads a JPEG', async () => {
    const doc = await readDocument(
      await textImageJpeg(['RECEIPT 0042', 'AMOUNT 12.75']),
      'photo.jpg',
    );
    expect(doc.format).toBe('jpeg');
    expect(wordsOf(doc.pages[0]!)).toEqual(
      expect.arrayContaining(['RECEIPT', '0042', 'AMOUNT', '12.75']),
    );
  });

  it('reads every page of a multi-page TIFF', async () => {
    const tiff = await multiPageTiff([['FIRST PAGE 111'], ['SECOND PAGE 222']]);
    const doc = await readDocument(tiff, 'fax.tif');
    expect(doc.format).toBe('tiff');
    expect(doc.pages.map((p) => p.number)).toEqual([1, 2]);
    expect(doc.pages.map((p) => p.lines[0]?.text)).toEqual(['FIRST PAGE 111', 'SECOND PAGE 222']);
    expect(doc.pages.every((p) => p.method === 'ocr')).toBe(true);
  });
});

describe('OCR of PDF pages without a text layer', () => {
  it('OCRs a scanned PDF page', async () => {
    const doc = await readDocument(await scannedPdf(), 'scan.pdf');
    const page = doc.pages[0]!;
    expect(page.method).toBe('ocr');
    expect(page.lines.map((l) => l.text)).toEqual(['INVOICE No. 98765', 'TOTAL 250.00']);
    // Page size is the rendered bitmap at 200 dpi: A4 is 8.27 in wide.
    expect(page.width).toBeGreaterThan(1600);
    expect(page.width).toBeLessThan(1700);
  });

  it('chooses text layer or OCR page by page in a mixed PDF', async () => {
    const doc = await readDocument(await scannedPdf({ withTextPageFirst: true }), 'mixed.pdf');
    expect(doc.pages.map((p) => p.method)).toEqual(['text_layer', 'ocr']);
    expect(doc.pages[0]!.lines[0]!.text).toBe('Cover letter for the attached scan');
    expect(wordsOf(doc.pages[1]!)).toEqual(expect.arrayContaining(['98765', '250.00']));
  });
});
