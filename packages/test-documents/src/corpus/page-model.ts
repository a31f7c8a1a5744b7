/**
 * A drawn page as a list of operations in PDF points (A4 unless the page says otherwise, origin
 * top-left), so the same page can be written as a digital PDF and rasterised as a scan without the
 * two drifting apart.
 */
import PDFDocument from 'pdfkit';

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;

export type FontFamily = 'Helvetica' | 'Times' | 'Courier';

export interface TextOp {
  kind: 'text';
  text: string;
  /** Left edge of the text. */
  x: number;
  /** Top of the text line. */
  y: number;
  size: number;
  family: FontFamily;
  bold: boolean;
  /** Measured width in points with the PDF's standard font. */
  width: number;
  /** 0 black … 1 white. */
  gray: number;
}

export interface LineOp {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width: number;
  gray: number;
}

export interface RectOp {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  fill: number | null;
  stroke: number | null;
}

export type DrawOp = TextOp | LineOp | RectOp;

export interface PageSize {
  width: number;
  height: number;
}

export const A4: PageSize = { width: PAGE_WIDTH, height: PAGE_HEIGHT };

export interface DrawnPage {
  ops: DrawOp[];
  /** Points; absent for A4. Till receipts are narrow strips as long as their content. */
  size?: PageSize;
}

export const pageSize = (page: DrawnPage): PageSize => page.size ?? A4;

export function pdfFontName(family: FontFamily, bold: boolean): string {
  switch (family) {
    case 'Helvetica':
      return bold ? 'Helvetica-Bold' : 'Helvetica';
    case 'Times':
      return bold ? 'Times-Bold' : 'Times-Roman';
    case 'Courier':
      return bold ? 'Courier-Bold' : 'Courier';
  }
}

let measurer: PDFKit.PDFDocument | null = null;

/** Width of a text in points in one of the PDF standard fonts (their metrics ship with pdfkit). */
export function textWidth(text: string, family: FontFamily, bold: boolean, size: number): number {
  measurer ??= new PDFDocument({ size: 'A4', autoFirstPage: false });
  return measurer.font(pdfFontName(family, bold)).fontSize(size).widthOfString(text);
}

export interface TextStyle {
  size: number;
  family: FontFamily;
  bold?: boolean;
  gray?: number;
}

/** Collects the operations of a page, measuring text as it goes. */
export class PagePainter {
  readonly ops: DrawOp[] = [];

  text(
    text: string,
    x: number,
    y: number,
    style: TextStyle,
    align: 'left' | 'right' | 'center' = 'left',
  ): number {
    const bold = style.bold ?? false;
    const width = textWidth(text, style.family, bold, style.size);
    const left = align === 'left' ? x : align === 'right' ? x - width : x - width / 2;
    this.ops.push({
      kind: 'text',
      text,
      x: left,
      y,
      size: style.size,
      family: style.family,
      bold,
      width,
      gray: style.gray ?? 0,
    });
    return width;
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.6, gray = 0): void {
    this.ops.push({ kind: 'line', x1, y1, x2, y2, width, gray });
  }

  rect(
    x: number,
    y: number,
    w: number,
    h: number,
    fill: number | null,
    stroke: number | null = null,
  ): void {
    this.ops.push({ kind: 'rect', x, y, w, h, fill, stroke });
  }
}

/** Splits a text into lines no wider than `width`, at spaces; a single long word stays whole. */
export function wrapText(text: string, width: number, style: TextStyle): string[] {
  const words = text.split(' ');
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && textWidth(candidate, style.family, style.bold ?? false, style.size) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}
