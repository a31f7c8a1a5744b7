import { type Canvas, createCanvas } from '@napi-rs/canvas';

import { READING_LIMITS } from './limits.js';

export interface PageImage {
  /** JPEG bytes: a preview needs no lossless pixels, and JPEG encodes several times faster. */
  bytes: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

export const JPEG_QUALITY = 82;

/**
 * Pixels per page unit for a preview `width` pixels wide, made smaller when a very tall page would
 * otherwise exceed READING_LIMITS.maxPreviewPixels.
 */
export function previewScale(pageWidth: number, pageHeight: number, width: number): number {
  const scale = width / pageWidth;
  const pixels = pageWidth * pageHeight * scale * scale;
  const max = READING_LIMITS.maxPreviewPixels;
  return pixels > max ? scale * Math.sqrt(max / pixels) : scale;
}

/** A canvas painted white, so a page's transparent parts show as paper in the JPEG. */
export function whiteCanvas(width: number, height: number): Canvas {
  // Rounded, not ceiled: width / page width can land a hair above the asked width (400.0000001).
  const canvas = createCanvas(Math.round(width), Math.round(height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  return canvas;
}

export async function encodePreview(canvas: Canvas): Promise<PageImage> {
  return {
    bytes: await canvas.encode('jpeg', JPEG_QUALITY),
    contentType: 'image/jpeg',
    width: canvas.width,
    height: canvas.height,
  };
}
