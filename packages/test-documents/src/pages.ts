import { CONTENT_TYPES, type GeneratedDocument } from './document.js';
import { multiPageTiffBytes } from './images.js';
import { pdfBytes } from './pdf.js';

/** A scanned multi-page document as one TIFF, one page per list of lines. */
export async function multiPageTiff(
  pages: readonly (readonly string[])[] = [
    ['Page one', 'Delivery note 5521'],
    ['Page two', 'Signed by the driver'],
  ],
): Promise<GeneratedDocument> {
  return {
    bytes: await multiPageTiffBytes(pages),
    fileName: 'scan.tiff',
    contentType: CONTENT_TYPES.tiff,
  };
}

/** A plain text PDF with one page per text, for page counts. */
export async function textPdf(pages: readonly string[]): Promise<GeneratedDocument> {
  const bytes = await pdfBytes((doc) => {
    pages.forEach((text, index) => {
      if (index > 0) doc.addPage();
      doc.fontSize(14).text(text, 50, 80);
    });
  });
  return { bytes, fileName: 'pages.pdf', contentType: CONTENT_TYPES.pdf };
}
