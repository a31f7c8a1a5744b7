import type { Word } from '../../document.js';
import { detectText, type TextRegion } from './detect.js';
import type { RotatedRect } from './geometry.js';
import { rotateGrey, type GreyImage, type Rotation } from './grey-image.js';
import { isUpsideDown, runsSideways } from './orientation.js';
import { recognizeRows } from './recognize.js';
import { rowWords } from './row-words.js';

/** Rows read with a lower mean probability are noise (stamps, photos, ruling), as in PaddleOCR. */
const MIN_ROW_CONFIDENCE = 0.5;

/** One recognised row: where it lies and its words. */
export interface ReadRow {
  rect: RotatedRect;
  words: Word[];
}

export interface PageReading {
  /** Rows of words in the pixels of the page turned upright, in the detector's order. */
  rows: ReadRow[];
  /** The page turned upright, as it was read. */
  image: GreyImage;
  /** The upright page's size in pixels. */
  width: number;
  height: number;
  /** How far the bitmap was turned clockwise to stand upright. */
  rotation: Rotation;
}

/**
 * Reads a page bitmap with PP-OCR: finds its rows of text, turns the page upright when its rows run
 * up or down it or it lies upside down, recognises every row and splits rows into words.
 */
export async function readPage(bitmap: GreyImage): Promise<PageReading> {
  let image = bitmap;
  let rotation: Rotation = 0;
  let regions = await detectText(image);
  if (runsSideways(regions)) {
    rotation = 90;
    image = rotateGrey(bitmap, rotation);
    regions = await detectText(image);
  }
  if (await isUpsideDown(image, regions)) {
    rotation = rotation === 90 ? 270 : 180;
    image = rotateGrey(bitmap, rotation);
    regions = await detectText(image);
  }
  return {
    rows: await readRegions(image, regions),
    image,
    width: image.width,
    height: image.height,
    rotation,
  };
}

async function readRegions(image: GreyImage, regions: readonly TextRegion[]): Promise<ReadRow[]> {
  const rects = regions.map((r) => r.rect);
  const readings = await recognizeRows(image, rects);
  return readings.flatMap((reading, i) =>
    reading.confidence >= MIN_ROW_CONFIDENCE
      ? [{ rect: rects[i]!, words: rowWords(reading, rects[i]!) }]
      : [],
  );
}
