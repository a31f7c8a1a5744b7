import type { Readable } from 'node:stream';

import type { Metadata } from 'sharp';
import yauzl from 'yauzl';

import { DocumentReadError } from './errors.js';
import { loadSharp } from './on-demand.js';

/**
 * How much memory one document may make the engine use. A small file can describe a huge one (a
 * 3.6 MB DOCX that inflates to 1 GiB, a PNG of 20000 × 20000 blank pixels), so the sizes a file
 * declares are checked before anything is decoded, and decoding stops where they turn out to lie.
 */
export const READING_LIMITS = {
  /**
   * Pixels of one image or TIFF page. An A4 page scanned at 600 dpi is 35 megapixels; decoding
   * takes 4 bytes a pixel, so the largest accepted image needs about 200 MB while it is read.
   */
  maxImagePixels: 50_000_000,
  /** Pixels of a PDF page rendered for OCR; larger pages (posters) are rendered at a lower dpi. */
  maxOcrRenderPixels: 40_000_000,
  /** Pixels of a page preview; larger previews add nothing on a screen but time and memory. */
  maxPreviewPixels: 12_000_000,
  /** Bytes all the parts of a Word (DOCX) package may inflate to together. */
  maxUnpackedBytes: 256 * 1024 * 1024,
  /**
   * How many times larger than it is stored one part may inflate. Ordinary XML compresses 5-30
   * times; parts smaller than `ratioCheckFromBytes` are not held to it, since tiny parts of
   * repeated markup compress far better without costing memory.
   */
  maxCompressionRatio: 200,
  ratioCheckFromBytes: 8 * 1024 * 1024,
  /**
   * Characters of text a legacy Word (.doc) document may hold: about 1,500 pages as the engine
   * lays them out (a 1000-page report has about 3 million). The reading costs about 45 bytes of
   * memory a character (every word positioned on its page), its cached JSON 30 more: reading
   * 5 million characters raised the resident memory by about 225 MB, and by 560 MB with the
   * upload's page count and the reading cache; 19 million by 865 MB and 1.7 GB, and the JSON of
   * that reading is longer than a JavaScript string may be. A longer file is refused before its
   * text is built.
   */
  maxWordTextCharacters: 5_000_000,
  /** Heap of the thread that reads a legacy .doc; a file needing more is refused as too large. */
  maxWordHeapMb: 512,
} as const;

const MEGAPIXEL = 1_000_000;

function tooLarge(userMessage: string, detail?: string): DocumentReadError {
  return new DocumentReadError('TOO_LARGE', { userMessage, detail });
}

/** The user-facing refusal of an image whose pixel count exceeds the limit. */
function imageTooLarge(width: number, height: number, page: number, pages: number): never {
  const where = pages > 1 ? `Page ${page} of the image` : 'The image';
  throw tooLarge(
    `${where} is ${width} × ${height} pixels; the largest accepted is ` +
      `${READING_LIMITS.maxImagePixels / MEGAPIXEL} megapixels. Scan it at a lower resolution ` +
      'and upload it again.',
  );
}

function damagedImage(cause: unknown): DocumentReadError {
  return new DocumentReadError('CORRUPT', {
    userMessage: 'The image file is damaged and cannot be read.',
    detail: cause instanceof Error ? cause.message : String(cause),
    cause,
  });
}

/**
 * Checks every page of a PNG, JPEG or TIFF from its header (nothing is decoded) against the pixel
 * limit. Throws DocumentReadError: TOO_LARGE naming the size and the limit, CORRUPT for a header
 * that cannot be parsed.
 */
export async function assertImageWithinLimits(bytes: Uint8Array): Promise<void> {
  let pages: number;
  const sharp = await loadSharp();
  let first: Metadata;
  try {
    // Reading the header decodes nothing; sharp's own pixel cap would refuse even that.
    first = await sharp(bytes, { limitInputPixels: false }).metadata();
    pages = first.pages ?? 1;
  } catch (cause) {
    throw damagedImage(cause);
  }
  for (let page = 0; page < pages; page++) {
    let width: number | undefined;
    let height: number | undefined;
    try {
      // TIFF pages may differ in size; each is described by its own directory.
      const meta =
        page === 0 ? first : await sharp(bytes, { page, limitInputPixels: false }).metadata();
      width = meta.width;
      height = meta.height;
    } catch (cause) {
      throw damagedImage(cause);
    }
    if (!width || !height) throw damagedImage(new Error(`page ${page + 1} has no dimensions`));
    if (width * height > READING_LIMITS.maxImagePixels) {
      imageTooLarge(width, height, page + 1, pages);
    }
  }
}

function unpackedTooLarge(detail: string): DocumentReadError {
  const limitMb = READING_LIMITS.maxUnpackedBytes / (1024 * 1024);
  return tooLarge(
    `The Word document unpacks to more than ${limitMb} MB, the most a document may hold; ` +
      'save it again without embedded media or split it, and upload it again.',
    detail,
  );
}

/** Counts the bytes a stream yields, failing it as soon as they pass `max`. */
function countInflatedBytes(stream: Readable, max: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let total = 0;
    stream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > max) {
        stream.destroy();
        reject(unpackedTooLarge(`more than ${max} bytes inflated`));
      }
    });
    stream.on('end', () => resolve(total));
    stream.on('error', reject);
  });
}

/**
 * Checks a ZIP package (DOCX) before a reader inflates it into memory: the sizes its central
 * directory declares must stay under the total and ratio limits, and every part is then inflated
 * once into a counter (not kept) so a directory that understates sizes is caught as well (yauzl
 * also fails a part that inflates to more than it declared). Throws DocumentReadError.
 */
export async function assertZipWithinLimits(bytes: Uint8Array): Promise<void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
  } catch (cause) {
    throw damagedWord(cause);
  }
  try {
    const entries = await listEntries(zip);
    let declared = 0;
    for (const entry of entries) {
      declared += entry.uncompressedSize;
      if (declared > READING_LIMITS.maxUnpackedBytes) {
        throw unpackedTooLarge(`parts declare more than ${declared} bytes`);
      }
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (
        entry.uncompressedSize >= READING_LIMITS.ratioCheckFromBytes &&
        ratio > READING_LIMITS.maxCompressionRatio
      ) {
        throw unpackedTooLarge(`${entry.fileName} inflates ${Math.round(ratio)} times`);
      }
    }
    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch (cause) {
        throw damagedWord(cause);
      }
      try {
        inflated += await countInflatedBytes(stream, READING_LIMITS.maxUnpackedBytes - inflated);
      } catch (cause) {
        if (cause instanceof DocumentReadError) throw cause;
        // yauzl: "too many bytes in the stream" when a part inflates past its declared size.
        throw /too many bytes/i.test(String(cause))
          ? unpackedTooLarge(`${entry.fileName} inflates past its declared size`)
          : damagedWord(cause);
      }
    }
  } finally {
    zip.close();
  }
}

function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (cause) => reject(damagedWord(cause)));
    zip.readEntry();
  });
}

function damagedWord(cause: unknown): DocumentReadError {
  return new DocumentReadError('CORRUPT', {
    userMessage: 'The Word document is damaged and cannot be read.',
    detail: cause instanceof Error ? cause.message : String(cause),
    cause,
  });
}
