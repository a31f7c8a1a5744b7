import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { DocumentReadError, renderPageImage } from '../src/index.js';
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

  it('answers null for pages that do not exist and for Word documents', async () => {
    expect(await renderPageImage(await multiPagePdf(['only']), 2, 400)).toBeNull();
    expect(await renderPageImage(await multiPagePdf(['only']), 0, 400)).toBeNull();
    expect(await renderPageImage(await docxWithTable(), 1, 400)).toBeNull();
  });

  it('throws the typed reading error for a damaged file', async () => {
    await expect(renderPageImage(corruptPdf(), 1, 400)).rejects.toBeInstanceOf(DocumentReadError);
  });
});
