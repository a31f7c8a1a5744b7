import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import {
  DocumentReadError,
  inspectDocument,
  READING_LIMITS,
  readDocument,
  renderPageImage,
} from '../src/index.js';
import { blankPng, paddedDocx } from './fixtures/large-files.js';

async function failure(work: Promise<unknown>): Promise<DocumentReadError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof DocumentReadError) return error;
    throw error;
  }
  throw new Error('expected the document to be refused');
}

const MB = 1024 * 1024;

describe('image pixel limit', () => {
  it('refuses a valid 20000 × 20000 PNG as too large, naming its size and the limit', async () => {
    const png = blankPng(20_000, 20_000);
    expect(png.length).toBeLessThan(1 * MB);
    for (const refused of [
      failure(inspectDocument(png, 'poster.png')),
      failure(readDocument(png, 'poster.png')),
      failure(renderPageImage(png, 1, 800)),
    ]) {
      const error = await refused;
      expect(error.code).toBe('TOO_LARGE');
      expect(error.userMessage).toMatch(
        /^The image is 20000 × 20000 pixels; the largest accepted is 50 megapixels\./,
      );
    }
  });

  it('refuses a TIFF scan beyond the limit the same way', async () => {
    const tiff = await sharp(blankPng(9000, 9000), { limitInputPixels: false })
      .tiff({ compression: 'deflate' })
      .toBuffer();
    const error = await failure(inspectDocument(tiff, 'scan.tif'));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.userMessage).toMatch(/9000 × 9000 pixels; the largest accepted is 50 megapixels/);
  });

  it('still reads an image just under the limit', async () => {
    const side = Math.floor(Math.sqrt(READING_LIMITS.maxImagePixels));
    expect(await inspectDocument(blankPng(side, side), 'large.png')).toEqual({
      format: 'png',
      pages: 1,
    });
  });
});

describe('Word package size limit', () => {
  it('refuses a DOCX that inflates past the limit before reading it', async () => {
    const bomb = paddedDocx('Invoice 42', 300 * MB);
    expect(bomb.length).toBeLessThan(2 * MB);
    const before = process.memoryUsage().rss;
    const error = await failure(readDocument(bomb, 'bomb.docx'));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.userMessage).toMatch(/unpacks to more than 256 MB/);
    expect((await failure(inspectDocument(bomb, 'bomb.docx'))).code).toBe('TOO_LARGE');
    // Nothing was inflated into memory (the counter discards what it reads).
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * MB);
  });

  it('refuses a DOCX whose headers understate how far a part inflates', async () => {
    const liar = paddedDocx('Invoice 42', 4 * MB, 2000);
    const error = await failure(readDocument(liar, 'liar.docx'));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.message).toMatch(/inflates past its declared size/);
  });

  it('refuses one part that inflates hundreds of times its stored size', async () => {
    const error = await failure(readDocument(paddedDocx('Invoice 42', 20 * MB), 'dense.docx'));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.message).toMatch(/document\.xml inflates \d+ times/);
  });

  it('reads a DOCX with ordinary padding', async () => {
    const doc = await readDocument(paddedDocx('Invoice 42', 2 * MB), 'fine.docx');
    expect(doc.text).toContain('Invoice 42');
  });
});

describe('legacy Word (.doc) reading', () => {
  it('reports a damaged .doc as a damaged Word document (read in its own heap-capped thread)', async () => {
    // An OLE2 header and a WordDocument stream name, with nothing a reader can follow.
    const ole = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    Buffer.from('WordDocument', 'utf16le').copy(ole, 1024);
    const error = await failure(readDocument(new Uint8Array(ole), 'letter.doc'));
    expect(error.code).toBe('CORRUPT');
    expect(error.userMessage).toBe('The Word document is damaged and cannot be read.');
  });
});
