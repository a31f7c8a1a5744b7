/**
 * Rasterises drawn pages the way an office scanner returns them: 150–200 dpi greyscale, slightly
 * skewed and shifted, with sensor noise and dust, JPEG-compressed; as an image or an image-only PDF.
 * Pages keep their drawn size (A4, or a narrow till receipt), and a faded thermal print can be asked for.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';

import { pdfBytes } from '../pdf.js';
import {
  A4,
  type DrawnPage,
  type DrawOp,
  type FontFamily,
  type PageSize,
  pageSize,
} from './page-model.js';
import { CORPUS_PDF_INFO } from './render-pdf.js';
import type { Random } from './random.js';

export interface ScanSettings {
  dpi: number;
  /** Degrees, positive clockwise. */
  skew: number;
  /** Standard deviation of the grey-level noise (0–255 scale). */
  noise: number;
  jpegQuality: number;
  /**
   * Share of the ink's darkness lost, 0..1: thermal paper fades, so a till receipt scans grey.
   * Absent for office prints.
   */
  fade?: number;
}

/** Draws at least 150 dpi, at most 200, with skew within ±2°. */
export function scanSettings(random: Random): ScanSettings {
  return {
    dpi: random.int(150, 200),
    skew: Math.round((random.next() * 4 - 2) * 100) / 100,
    noise: random.int(4, 14),
    jpegQuality: random.int(55, 85),
  };
}

// Helvetica, Times and Courier are not installed as glyphs; the DejaVu faces stand in, squeezed to
// the PDF font's measured width so the scan has the same geometry as the digital page.
const CANVAS_FONTS: Record<FontFamily, string> = {
  Helvetica: '"DejaVu Sans"',
  Times: '"DejaVu Serif"',
  Courier: '"DejaVu Sans Mono"',
};
/** Ascender of the PDF standard fonts (per 1000 em): where the baseline sits below the text top. */
const ASCENT: Record<FontFamily, number> = { Helvetica: 0.718, Times: 0.683, Courier: 0.629 };

const ink = (gray: number) => {
  const level = Math.round(gray * 255);
  return `rgb(${level},${level},${level})`;
};

function drawOp(ctx: SKRSContext2D, op: DrawOp, scale: number): void {
  switch (op.kind) {
    case 'text':
      ctx.font = `${op.bold ? 'bold ' : ''}${op.size * scale}px ${CANVAS_FONTS[op.family]}`;
      ctx.fillStyle = ink(op.gray);
      ctx.fillText(
        op.text,
        op.x * scale,
        (op.y + op.size * ASCENT[op.family]) * scale,
        Math.max(1, op.width * scale),
      );
      return;
    case 'line':
      ctx.strokeStyle = ink(op.gray);
      ctx.lineWidth = Math.max(1, op.width * scale);
      ctx.beginPath();
      ctx.moveTo(op.x1 * scale, op.y1 * scale);
      ctx.lineTo(op.x2 * scale, op.y2 * scale);
      ctx.stroke();
      return;
    case 'rect':
      if (op.fill !== null) {
        ctx.fillStyle = ink(op.fill);
        ctx.fillRect(op.x * scale, op.y * scale, op.w * scale, op.h * scale);
      }
      if (op.stroke !== null) {
        ctx.strokeStyle = ink(op.stroke);
        ctx.lineWidth = Math.max(1, 0.5 * scale);
        ctx.strokeRect(op.x * scale, op.y * scale, op.w * scale, op.h * scale);
      }
      return;
  }
}

/** One page as a greyscale JPEG scan. */
export async function scanPage(
  page: DrawnPage,
  settings: ScanSettings,
  random: Random,
): Promise<Uint8Array> {
  const scale = settings.dpi / 72;
  const size = pageSize(page);
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const paper = random.int(238, 252);
  ctx.fillStyle = ink(paper / 255);
  ctx.fillRect(0, 0, width, height);
  // The sheet lies a little crooked and off-centre on the glass.
  ctx.translate(width / 2 + random.int(-12, 12), height / 2 + random.int(-12, 12));
  ctx.rotate((settings.skew * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  for (const op of page.ops.filter((o) => o.kind === 'rect')) drawOp(ctx, op, scale);
  for (const op of page.ops.filter((o) => o.kind !== 'rect')) drawOp(ctx, op, scale);

  const rgba = canvas.data();
  const gray = Buffer.alloc(width * height);
  const noise = settings.noise;
  const fade = settings.fade ?? 0;
  for (let i = 0, p = 0; i < gray.length; i++, p += 4) {
    // Sum of three uniforms: close enough to Gaussian sensor noise, and cheap.
    const jitter = (random.next() + random.next() + random.next() - 1.5) * 2 * noise;
    const printed =
      ((rgba[p] ?? 255) * 299 + (rgba[p + 1] ?? 255) * 587 + (rgba[p + 2] ?? 255) * 114) / 1000;
    // Faded ink moves towards the paper's grey, leaving a low-contrast print.
    const level = fade > 0 ? printed + (paper - printed) * fade : printed;
    gray[i] = Math.max(0, Math.min(255, Math.round(level + jitter)));
  }
  // Dust and toner specks.
  const specks = Math.round((width * height) / 40_000);
  for (let s = 0; s < specks; s++) {
    const x = random.int(1, width - 3);
    const y = random.int(1, height - 3);
    const dark = random.int(30, 120);
    for (let dy = 0; dy < random.int(1, 2); dy++)
      for (let dx = 0; dx < random.int(1, 3); dx++) gray[(y + dy) * width + x + dx] = dark;
  }
  const jpeg = await sharp(gray, { raw: { width, height, channels: 1 } })
    .blur(0.5)
    .withMetadata({ density: settings.dpi })
    .jpeg({ quality: settings.jpegQuality })
    .toBuffer();
  return new Uint8Array(jpeg);
}

/**
 * Page scans as one image-only PDF (no text layer), each image filling a page of its drawn size
 * (`sizes[i]`, A4 when not given).
 */
export function imagePdf(
  scans: readonly Uint8Array[],
  sizes: readonly PageSize[] = [],
): Promise<Uint8Array> {
  const first = sizes[0];
  return pdfBytes(
    (doc) => {
      scans.forEach((scan, index) => {
        const size = sizes[index];
        if (index > 0)
          doc.addPage(size ? { margin: 0, size: [size.width, size.height] } : undefined);
        const { width, height } = size ?? A4;
        doc.image(Buffer.from(scan), 0, 0, { width, height });
      });
    },
    { margin: 0, info: CORPUS_PDF_INFO, ...(first ? { size: [first.width, first.height] } : {}) },
  );
}

/** A scan as PNG, for the share of scanned images that arrive losslessly re-saved. */
export async function jpegToPng(jpeg: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await sharp(jpeg).png({ compressionLevel: 6 }).toBuffer());
}
