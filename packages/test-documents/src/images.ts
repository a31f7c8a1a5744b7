import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';

export interface TextImageOptions {
  /** Font size in pixels (default 40: large enough for OCR to read reliably). */
  fontSize?: number;
  width?: number;
}

/** Black text on white, one line per entry, as a PNG. */
export async function textImagePng(
  lines: readonly string[],
  { fontSize = 40, width = 1400 }: TextImageOptions = {},
): Promise<Uint8Array> {
  const lineHeight = Math.round(fontSize * 1.6);
  const canvas = createCanvas(width, 100 + lines.length * lineHeight);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  ctx.font = `${fontSize}px "Liberation Sans", "DejaVu Sans", sans-serif`;
  ctx.textBaseline = 'top';
  lines.forEach((line, index) => ctx.fillText(line, 60, 50 + index * lineHeight));
  return new Uint8Array(await canvas.encode('png'));
}

export async function pngToJpeg(png: Uint8Array, quality = 90): Promise<Uint8Array> {
  return new Uint8Array(await sharp(png).jpeg({ quality }).toBuffer());
}

/** One TIFF holding one page per list of lines. */
export async function multiPageTiffBytes(
  pages: readonly (readonly string[])[],
): Promise<Uint8Array> {
  const images = await Promise.all(pages.map((lines) => textImagePng(lines)));
  const tiff = await sharp(
    images.map((image) => Buffer.from(image)),
    { join: { animated: true } },
  )
    .tiff({ compression: 'lzw' })
    .toBuffer();
  return new Uint8Array(tiff);
}
