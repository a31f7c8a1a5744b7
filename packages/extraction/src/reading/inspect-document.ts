import type { DocumentFormat } from '../document.js';
import { einvoicePages } from '../einvoice/einvoice-pages.js';
import { readEInvoiceXml } from '../einvoice/read-einvoice.js';
import { DocumentReadError } from './errors.js';
import { countImagePages } from './image-reader.js';
import { assertImageWithinLimits } from './limits.js';
import { countPdfPages } from './pdf-reader.js';
import { formatFromFileName, sniffFormat } from './sniff-format.js';
import { readDoc, readDocx } from './word-reader.js';

export interface DocumentInfo {
  format: DocumentFormat;
  pages: number;
}

/**
 * The format (from the bytes) and the page count of a document, without OCR: what an upload needs
 * to answer at once. Damaged, encrypted and unsupported files throw the same typed errors as
 * readDocument, so a file that inspects cleanly will also open for reading.
 */
export async function inspectDocument(bytes: Uint8Array, fileName?: string): Promise<DocumentInfo> {
  if (bytes.length === 0) throw new DocumentReadError('EMPTY');
  const format = sniffFormat(bytes);
  if (!format) {
    const claimed = formatFromFileName(fileName);
    throw claimed
      ? new DocumentReadError('CORRUPT', { detail: `content does not look like ${claimed}` })
      : new DocumentReadError('UNSUPPORTED_FORMAT', { detail: fileName });
  }
  switch (format) {
    case 'pdf':
      return { format, pages: await countPdfPages(bytes) };
    case 'png':
    case 'jpeg':
    case 'tiff':
      // Refused at upload, so the person sees why at once rather than when extraction fails.
      await assertImageWithinLimits(bytes);
      return { format, pages: await countImagePages(bytes) };
    // Word has no fixed pages; the engine lays the text out on US Letter pages, which is what
    // review shows, so their count is the one to report. Reading the text costs milliseconds.
    case 'docx':
      return { format, pages: (await readDocx(bytes)).length };
    case 'doc':
      return { format, pages: (await readDoc(bytes)).length };
    // An e-invoice is checked in full at upload (milliseconds), so an unsafe or malformed one is
    // refused with its reason at once. Its pages are the ones its text is laid out on.
    case 'xml':
      return { format, pages: einvoicePages(readEInvoiceXml(bytes)).length };
  }
}
