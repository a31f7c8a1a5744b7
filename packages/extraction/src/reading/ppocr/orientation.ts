import { ROW_HEIGHT, rowWidth, writeRow } from './crop.js';
import type { TextRegion } from './detect.js';
import type { GreyImage } from './grey-image.js';
import { inferencePool } from './inference-pool.js';

/** A region at least this many times longer one way than the other is a row of text, not a glyph. */
const ELONGATED = 2;

/**
 * Whether a page's text runs up or down it (the page lies turned a quarter): most of its rows of
 * text are taller than wide. Regions about as wide as tall (single glyphs, logos) do not vote.
 */
export function runsSideways(regions: readonly TextRegion[]): boolean {
  let across = 0;
  let down = 0;
  for (const { rect } of regions) {
    if (rect.width >= ELONGATED * rect.height) across++;
    else if (rect.height >= ELONGATED * rect.width) down++;
  }
  return down > across;
}

/** The direction classifier's input width; rows are scaled to ROW_HEIGHT and padded or squeezed to it. */
const CLASSIFIER_WIDTH = 192;
/** The longest rows speak for the page; more add time, not certainty. */
const SAMPLE_ROWS = 12;

/**
 * Whether an upright-running page is upside down, by PaddleOCR's text-direction classifier on its
 * longest rows: the mean probability of "turned 180°" over them is above one half.
 */
export async function isUpsideDown(
  image: GreyImage,
  regions: readonly TextRegion[],
): Promise<boolean> {
  const rows = regions
    .filter((r) => r.rect.width >= ELONGATED * r.rect.height)
    .sort((a, b) => b.rect.width - a.rect.width)
    .slice(0, SAMPLE_ROWS);
  if (rows.length === 0) return false;
  const plane = ROW_HEIGHT * CLASSIFIER_WIDTH;
  const pixels = new Float32Array(rows.length * 3 * plane);
  rows.forEach((r, n) =>
    writeRow(
      image,
      r.rect,
      rowWidth(r.rect, CLASSIFIER_WIDTH),
      pixels,
      n * 3 * plane,
      CLASSIFIER_WIDTH,
    ),
  );
  const scores = await inferencePool.direction(pixels, rows.length, CLASSIFIER_WIDTH);
  let turned = 0;
  for (let n = 0; n < rows.length; n++) turned += scores[2 * n + 1]!;
  return turned / rows.length > 0.5;
}
