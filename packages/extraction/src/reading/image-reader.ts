import sharp from 'sharp';

import type { Page, Word } from '../document.js';
import { DocumentReadError } from './errors.js';
import { buildPage } from './layout.js';
import { mapWithLimit } from './map-with-limit.js';
import { ocrPoolSize, recognizeLines, recognizeWords, type GreyImage } from './ocr-pool.js';
import { readLines } from './line-recognizer.js';
import {
  bandsToReread,
  cropGrey,
  mergeRecognized,
  mergeReread,
  recognitionRegion,
} from './reread.js';
import { wordsFromReading } from './row-words.js';

/**
 * Scans narrower than this are upscaled before OCR: tesseract's LSTM model reads best with x-heights
 * of ~20-30 px, and phone photos and SROIE-style receipt scans are often ~500 px wide.
 */
const MIN_OCR_WIDTH = 1500;
/** Upscaling beyond 3x only adds interpolation blur and time. */
const MAX_UPSCALE = 3;

export interface PreparedImage extends GreyImage {
  /** OCR pixels per original pixel; OCR boxes are divided by it to land on the original image. */
  scale: number;
  originalWidth: number;
  originalHeight: number;
}

/** EXIF-rotates, greys and (if small) upscales one page of an image. */
export async function prepareForOcr(bytes: Uint8Array, page = 0): Promise<PreparedImage> {
  const { data, info } = await sharp(bytes, { page, failOn: 'error' })
    .rotate()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = extractSingleChannel(data, info.channels);
  const scale = info.width < MIN_OCR_WIDTH ? Math.min(MAX_UPSCALE, MIN_OCR_WIDTH / info.width) : 1;
  if (scale === 1) {
    return {
      data: grey,
      width: info.width,
      height: info.height,
      scale,
      originalWidth: info.width,
      originalHeight: info.height,
    };
  }
  const width = Math.round(info.width * scale);
  const up = await sharp(grey, { raw: { width: info.width, height: info.height, channels: 1 } })
    .resize({ width, kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: extractSingleChannel(up.data, up.info.channels),
    width: up.info.width,
    height: up.info.height,
    scale: up.info.width / info.width,
    originalWidth: info.width,
    originalHeight: info.height,
  };
}

/** sharp keeps an alpha channel through greyscale(); OCR wants exactly one byte per pixel. */
function extractSingleChannel(data: Buffer, channels: number): Uint8Array {
  if (channels === 1) return data;
  const out = new Uint8Array(data.length / channels);
  for (let i = 0, j = 0; j < out.length; i += channels, j++) out[j] = data[i]!;
  return out;
}

/** OCRs a prepared bitmap into a Page whose coordinates are pixels of the original (rotated) image. */
export async function ocrPage(number: number, image: PreparedImage): Promise<Page> {
  const words = await recognizeWords(image);
  await rereadKeyRows(words, image);
  const s = image.scale;
  for (const w of words) w.box = [w.box[0] / s, w.box[1] / s, w.box[2] / s, w.box[3] / s];
  return buildPage(number, image.originalWidth, image.originalHeight, 'ocr', words);
}

/**
 * Reads again, each cropped on its own, the rows whose values matter most: the issuer's name and
 * address at the top, the total and what it is checked against, and rows with a doubtful or hidden
 * date. The PP-OCR row recogniser reads them when it can run (see line-recognizer); otherwise
 * tesseract reads the money and doubtful-date rows as single lines, binarising each by its own
 * contrast. Either reading is merged into `words` (boxes in the bitmap's pixels).
 */
export async function rereadKeyRows(words: Word[], image: GreyImage): Promise<void> {
  const bands = bandsToReread(words, image.width, image.height, { header: true, dateHints: true });
  const regions = bands.map(recognitionRegion);
  const rows = await readLines(
    regions.map((r) => cropGrey(image, r.left, r.top, r.right, r.bottom)),
  );
  if (rows) {
    bands.forEach((band, i) => {
      const reading = rows[i];
      if (!reading) return;
      const left = Math.max(0, Math.floor(regions[i]!.left));
      mergeRecognized(band, wordsFromReading(reading, band.words, left), words);
    });
    return;
  }
  await rereadWithTesseract(words, image);
}

async function rereadWithTesseract(words: Word[], image: GreyImage): Promise<void> {
  const bands = bandsToReread(words, image.width, image.height);
  const crops = bands.map((b) => cropGrey(image, b.left, b.top, b.right, b.bottom));
  const readings = await recognizeLines(crops);
  bands.forEach((band, i) => {
    const x0 = Math.max(0, Math.floor(band.left));
    const y0 = Math.max(0, Math.floor(band.top));
    const reread = (readings[i] ?? []).map((w) => ({
      ...w,
      box: [w.box[0] + x0, w.box[1] + y0, w.box[2] + x0, w.box[3] + y0] as Word['box'],
    }));
    mergeReread(band, reread, words);
  });
}

/** Frames of an image (pages of a TIFF, 1 otherwise), from its header. Throws DocumentReadError. */
export async function countImagePages(bytes: Uint8Array): Promise<number> {
  try {
    const meta = await sharp(bytes).metadata();
    return meta.pages ?? 1;
  } catch (cause) {
    throw new DocumentReadError('CORRUPT', {
      userMessage: 'The image file is damaged and cannot be read.',
      detail: cause instanceof Error ? cause.message : String(cause),
      cause,
    });
  }
}

/** Reads PNG, JPEG and (every page of) TIFF files by OCR. */
export async function readImage(bytes: Uint8Array): Promise<Page[]> {
  const count = await countImagePages(bytes);
  const indexes = Array.from({ length: count }, (_, i) => i);
  // Decode at most as many pages at once as OCR can consume, so a 200-page fax does not fill memory.
  return mapWithLimit(indexes, ocrPoolSize(), async (i) => {
    let prepared: PreparedImage;
    try {
      prepared = await prepareForOcr(bytes, i);
    } catch (cause) {
      throw new DocumentReadError('CORRUPT', {
        userMessage: 'The image file is damaged and cannot be read.',
        detail: cause instanceof Error ? cause.message : String(cause),
        cause,
      });
    }
    return ocrPage(i + 1, prepared);
  });
}
