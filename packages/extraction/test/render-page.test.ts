import { Document, Packer, Paragraph } from 'docx';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import type { Box } from '../src/document.js';
import { DocumentReadError, readDocument, renderPageImage } from '../src/index.js';
import {
  corruptPdf,
  docxWithTable,
  multiPagePdf,
  multiPageTiff,
  textImagePng,
} from './fixtures/generate.js';

describe('renderPageImage', () => {
  it('renders a PDF page as a JPEG of the asked width with the page proportions', async () => {
    const page = await renderPageImage(await multiPagePdf(['first', 'second']), 2, 600);
    expect(page).not.toBeNull();
    const meta = await sharp(page!.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(600);
    // A4 is 595 × 842 points.
    expect(meta.height).toBeCloseTo(600 * (842 / 595), -1);
  });

  it('renders exactly the asked width, whatever the scale works out to', async () => {
    const pdf = await multiPagePdf(['first']);
    for (const width of [400, 333, 960, 1001]) {
      const page = await renderPageImage(pdf, 1, width);
      expect((await sharp(page!.bytes).metadata()).width).toBe(width);
    }
  });

  it('resizes an image and picks the right TIFF page', async () => {
    const png = await renderPageImage(await textImagePng(['hello']), 1, 300);
    expect((await sharp(png!.bytes).metadata()).width).toBe(300);
    const tiff = await multiPageTiff([['one'], ['two']]);
    expect(await renderPageImage(tiff, 2, 200)).not.toBeNull();
    expect(await renderPageImage(tiff, 3, 200)).toBeNull();
  });

  it('answers null for pages that do not exist', async () => {
    expect(await renderPageImage(await multiPagePdf(['only']), 2, 400)).toBeNull();
    expect(await renderPageImage(await multiPagePdf(['only']), 0, 400)).toBeNull();
  });

  it('throws the typed reading error for a damaged file', async () => {
    await expect(renderPageImage(corruptPdf(), 1, 400)).rejects.toBeInstanceOf(DocumentReadError);
  });
});

/** The darkest grey level (0 black, 255 white) inside `box` (page units) of a grey image. */
async function darkestIn(jpeg: Buffer, box: Box, scale: number): Promise<number> {
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  const [x0, y0, x1, y1] = box.map((v) => Math.round(v * scale));
  let darkest = 255;
  for (let y = y0!; y < Math.min(y1!, info.height); y++) {
    for (let x = x0!; x < Math.min(x1!, info.width); x++) {
      darkest = Math.min(darkest, data[y * info.width + x]!);
    }
  }
  return darkest;
}

/** A Word document of `lines` paragraphs, numbered so each line is a distinct word. */
function longDocx(lines: number): Promise<Uint8Array> {
  const children = Array.from({ length: lines }, (_, i) => new Paragraph(`Line ${i + 1}`));
  const doc = new Document({ sections: [{ children }] });
  return Packer.toBuffer(doc).then((bytes) => new Uint8Array(bytes));
}

describe('renderPageImage for Word documents', () => {
  it('paints the laid-out page with each word at the box its value would be read from', async () => {
    const bytes = await docxWithTable();
    const reading = await readDocument(bytes, 'invoice.docx');
    const page = reading.pages[0]!;
    const northwind = page.words.find((word) => word.text === 'Northwind')!;
    expect(northwind).toBeDefined();

    const image = await renderPageImage(bytes, 1, 1000);
    expect(image).not.toBeNull();
    const meta = await sharp(image!.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(1000);
    expect(meta.height).toBe(Math.round((1000 * page.height) / page.width));
    expect(image!.height).toBe(meta.height);

    const scale = 1000 / page.width;
    expect(await darkestIn(image!.bytes, northwind.box, scale)).toBeLessThan(100);
    // Below the last line the page is blank paper.
    const lastLine = Math.max(...page.words.map((word) => word.box[3]));
    const blank: Box = [0, lastLine + 20, page.width, page.height];
    expect(await darkestIn(image!.bytes, blank, scale)).toBeGreaterThan(240);
  });

  it('has as many pages as the reading and answers null past the last', async () => {
    const bytes = await longDocx(60);
    const reading = await readDocument(bytes, 'long.docx');
    expect(reading.pages).toHaveLength(2);
    const second = reading.pages[1]!;
    const image = await renderPageImage(bytes, 2, 960);
    expect(image?.width).toBe(960);
    const word = second.words.find((w) => w.text === '60')!;
    expect(await darkestIn(image!.bytes, word.box, 960 / second.width)).toBeLessThan(100);
    expect(await renderPageImage(bytes, 3, 480)).toBeNull();
    expect(await renderPageImage(bytes, 0, 480)).toBeNull();
  });

  it('throws the typed reading error for a damaged Word document', async () => {
    const damaged = (await docxWithTable()).slice(0, 600);
    await expect(renderPageImage(damaged, 1, 400)).rejects.toBeInstanceOf(DocumentReadError);
  });
});
