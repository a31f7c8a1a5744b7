/** Writes drawn pages as a digital PDF (a text layer in the standard fonts). */
import { pdfBytes } from '../pdf.js';
import { type DrawnPage, type DrawOp, pdfFontName } from './page-model.js';

/** A fixed creation date keeps the same seed's files byte-for-byte identical. */
export const CORPUS_PDF_INFO = {
  Producer: 'Parser test corpus',
  CreationDate: new Date(Date.UTC(2024, 0, 1)),
};

export const grayHex = (gray: number): string => {
  const level = Math.round(Math.min(1, Math.max(0, gray)) * 255)
    .toString(16)
    .padStart(2, '0');
  return `#${level}${level}${level}`;
};

function drawOp(doc: PDFKit.PDFDocument, op: DrawOp): void {
  switch (op.kind) {
    case 'text':
      doc
        .font(pdfFontName(op.family, op.bold))
        .fontSize(op.size)
        .fillColor(grayHex(op.gray))
        .text(op.text, op.x, op.y, { lineBreak: false });
      return;
    case 'line':
      doc
        .moveTo(op.x1, op.y1)
        .lineTo(op.x2, op.y2)
        .lineWidth(op.width)
        .strokeColor(grayHex(op.gray))
        .stroke();
      return;
    case 'rect':
      doc.rect(op.x, op.y, op.w, op.h);
      if (op.fill !== null && op.stroke !== null)
        doc.lineWidth(0.5).fillAndStroke(grayHex(op.fill), grayHex(op.stroke));
      else if (op.fill !== null) doc.fill(grayHex(op.fill));
      else if (op.stroke !== null) doc.lineWidth(0.5).stroke(grayHex(op.stroke));
      return;
  }
}

/** pdfkit's page size option for a page that is not A4, or nothing (the document default). */
export const sizeOption = (page: DrawnPage | undefined): { size?: [number, number] } =>
  page?.size ? { size: [page.size.width, page.size.height] } : {};

export function renderPdf(pages: readonly DrawnPage[]): Promise<Uint8Array> {
  return pdfBytes(
    (doc) => {
      pages.forEach((page, index) => {
        if (index > 0) doc.addPage(page.size ? { margin: 0, ...sizeOption(page) } : undefined);
        // Fills and text draw in page order, so backgrounds (banners, zebra rows) go first.
        for (const op of page.ops.filter((o) => o.kind === 'rect')) drawOp(doc, op);
        for (const op of page.ops.filter((o) => o.kind !== 'rect')) drawOp(doc, op);
      });
    },
    { margin: 0, info: CORPUS_PDF_INFO, ...sizeOption(pages[0]) },
  );
}
