import sharp from 'sharp';

import { convexHull, minAreaRect, unclip, type RotatedRect } from './geometry.js';
import type { GreyImage } from './grey-image.js';
import { inferencePool } from './inference-pool.js';

/**
 * Text detection with PaddleOCR's DB detector. The settings are the ones measured on receipt scans
 * (README, engine section): the page scaled so its longer side is at most 960 px, the probability
 * map cut at 0.3, regions kept when their mean probability is at least 0.5, each region's rectangle
 * grown by area × 1.6 / perimeter.
 */
const MAX_SIDE = 960;
const THRESHOLD = 0.3;
const MIN_REGION_SCORE = 0.5;
const UNCLIP_RATIO = 1.6;
/** Regions thinner than this (detector pixels) are specks, not text. */
const MIN_SIDE = 3;

/** ImageNet statistics the detector was trained with, per channel. */
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

export interface TextRegion {
  /** Where the text lies, in the image's pixels. */
  rect: RotatedRect;
  /** Mean detector probability over the region, 0..1. */
  score: number;
}

/** The detector's input size for an image: scaled down to MAX_SIDE, each side a multiple of 32. */
export function detectionSize(width: number, height: number): { width: number; height: number } {
  const ratio = Math.min(1, MAX_SIDE / Math.max(width, height));
  const fit = (side: number) => Math.max(32, Math.round((side * ratio) / 32) * 32);
  return { width: fit(width), height: fit(height) };
}

async function detectionInput(image: GreyImage, width: number, height: number) {
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 1 },
  })
    .resize({ width, height, fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // sharp may hand a one-channel input back as three channels
  const channels = info.channels;
  const plane = width * height;
  const pixels = new Float32Array(3 * plane);
  for (let c = 0; c < 3; c++) {
    const mean = MEAN[c]!;
    const std = STD[c]!;
    const offset = c * plane;
    for (let i = 0; i < plane; i++) pixels[offset + i] = (data[i * channels]! / 255 - mean) / std;
  }
  return pixels;
}

/** Finds the text regions of a page. */
export async function detectText(image: GreyImage): Promise<TextRegion[]> {
  const size = detectionSize(image.width, image.height);
  const map = await inferencePool.detect(
    await detectionInput(image, size.width, size.height),
    size.height,
    size.width,
  );
  return regionsFromMap(
    map,
    size.width,
    size.height,
    image.width / size.width,
    image.height / size.height,
  );
}

/**
 * Regions from the probability map: connected areas above THRESHOLD (4-neighbour, so two rows that
 * touch at a corner stay apart), scored by their mean probability, as rectangles in image pixels.
 */
export function regionsFromMap(
  map: Float32Array,
  width: number,
  height: number,
  scaleX: number,
  scaleY: number,
): TextRegion[] {
  const label = new Int32Array(width * height);
  const regions: TextRegion[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < map.length; start++) {
    if (label[start] !== 0 || map[start]! <= THRESHOLD) continue;
    next++;
    label[start] = next;
    stack.push(start);
    let sum = 0;
    let count = 0;
    // the row's leftmost and rightmost pixel are all the hull needs
    const rowMin = new Map<number, number>();
    const rowMax = new Map<number, number>();
    while (stack.length) {
      const at = stack.pop()!;
      sum += map[at]!;
      count++;
      const x = at % width;
      const y = (at - x) / width;
      if (!(x >= (rowMin.get(y) ?? Infinity))) rowMin.set(y, x);
      if (!(x <= (rowMax.get(y) ?? -Infinity))) rowMax.set(y, x);
      const visit = (n: number) => {
        if (label[n] === 0 && map[n]! > THRESHOLD) {
          label[n] = next;
          stack.push(n);
        }
      };
      if (x > 0) visit(at - 1);
      if (x < width - 1) visit(at + 1);
      if (y > 0) visit(at - width);
      if (y < height - 1) visit(at + width);
    }
    const score = sum / count;
    if (score < MIN_REGION_SCORE || count < MIN_SIDE * MIN_SIDE) continue;
    const corners: [number, number][] = [];
    for (const [y, x0] of rowMin) {
      const x1 = rowMax.get(y)! + 1;
      corners.push([x0, y], [x0, y + 1], [x1, y], [x1, y + 1]);
    }
    const rect = minAreaRect(convexHull(corners));
    if (Math.min(rect.width, rect.height) < MIN_SIDE) continue;
    const grown = unclip(rect, UNCLIP_RATIO);
    regions.push({ rect: toImage(grown, scaleX, scaleY), score });
  }
  return regions;
}

/** A detector-pixel rectangle in image pixels (the detector's input was stretched by scaleX, scaleY). */
function toImage(rect: RotatedRect, scaleX: number, scaleY: number): RotatedRect {
  const ux = Math.cos(rect.angle);
  const uy = Math.sin(rect.angle);
  // the sides' directions after stretching, and their stretched lengths
  const wx = ux * rect.width * scaleX;
  const wy = uy * rect.width * scaleY;
  const hx = -uy * rect.height * scaleX;
  const hy = ux * rect.height * scaleY;
  return {
    cx: rect.cx * scaleX,
    cy: rect.cy * scaleY,
    width: Math.hypot(wx, wy),
    height: Math.hypot(hx, hy),
    angle: Math.atan2(wy, wx),
  };
}
