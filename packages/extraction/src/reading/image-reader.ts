import type { Page } from '../document.js';
import { DocumentReadError } from './errors.js';
import { loadSharp } from './on-demand.js';
import { buildPage } from './layout.js';
import { mapWithLimit } from './map-with-limit.js';
import { ocrPoolSize, type GreyImage } from './ocr-pool.js';
import { readPage } from './ppocr/page-reader.js';
import { readAgain } from './second-reader/read-again.js';

export interface PreparedImage extends GreyImage {
  /** OCR pixels per original pixel; OCR boxes are divided by it to land on the original image. */
  scale: number;
  originalWidth: number;
  originalHeight: number;
}

/**
 * EXIF-rotates and greys one page of an image. It is read at its own size: the text detector
 * scales it as it needs, and rows are cropped for recognition from the full-resolution pixels.
 */
export async function prepareForOcr(bytes: Uint8Array, page = 0): Promise<PreparedImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(bytes, { page, failOn: 'error' })
    .rotate()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: extractSingleChannel(data, info.channels),
    width: info.width,
    height: info.height,
    scale: 1,
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

/**
 * OCRs a prepared bitmap into a Page whose coordinates are pixels of the original image, turned
 * upright when the page was scanned sideways or upside down (its width and height are then those
 * of the upright page).
 */
export async function ocrPage(number: number, image: PreparedImage): Promise<Page> {
  const reading = await readPage(image);
  await readAgain(reading.image, reading.rows);
  const words = reading.rows.flatMap((r) => r.words);
  const s = image.scale;
  for (const w of words) w.box = [w.box[0] / s, w.box[1] / s, w.box[2] / s, w.box[3] / s];
  return buildPage(
    number,
    Math.round(reading.width / s),
    Math.round(reading.height / s),
    'ocr',
    words,
  );
}

/** Frames of an image (pages of a TIFF, 1 otherwise), from its header. Throws DocumentReadError. */
export async function countImagePages(bytes: Uint8Array): Promise<number> {
  const sharp = await loadSharp();
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
