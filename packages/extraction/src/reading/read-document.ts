import type { DocumentFormat, Page, ReadDocument } from '../document.js';
import { einvoicePages } from '../einvoice/einvoice-pages.js';
import { readEmbeddedEInvoice } from '../einvoice/pdf-attachment.js';
import { readEInvoiceXml } from '../einvoice/read-einvoice.js';
import { DocumentReadError } from './errors.js';
import { readImage } from './image-reader.js';
import { pageText } from './layout.js';
import { assertImageWithinLimits } from './limits.js';
import { readPdf } from './pdf-reader.js';
import { formatFromFileName, sniffFormat } from './sniff-format.js';
import { readDoc, readDocx } from './word-reader.js';

export interface ReadOptions {
  /** OCR pages and images with no text layer (default true). With false, such pages come back empty. */
  ocr?: boolean;
  /** Render resolution for PDF pages that need OCR (default 200). */
  ocrDpi?: number;
  /** A PDF page's text layer must hold at least this many letters/digits to be trusted (default 3). */
  minTextCharacters?: number;
}

const FORMAT_NAMES: Record<DocumentFormat, string> = {
  pdf: 'PDF',
  png: 'PNG image',
  jpeg: 'JPEG image',
  tiff: 'TIFF image',
  docx: 'Word document',
  doc: 'Word document',
  xml: 'e-invoice XML',
};

async function readPages(
  format: DocumentFormat,
  bytes: Uint8Array,
  options: ReadOptions,
): Promise<Page[]> {
  switch (format) {
    case 'pdf':
      return readPdf(bytes, {
        ocr: options.ocr ?? true,
        ocrDpi: options.ocrDpi ?? 200,
        minTextCharacters: options.minTextCharacters ?? 3,
      });
    case 'png':
    case 'jpeg':
    case 'tiff':
      if (options.ocr === false) return [];
      // Decoding is where a huge image costs memory; its header says how huge before that.
      await assertImageWithinLimits(bytes);
      return readImage(bytes);
    case 'docx':
      return readDocx(bytes);
    case 'doc':
      return readDoc(bytes);
    case 'xml':
      return einvoicePages(readEInvoiceXml(bytes));
  }
}

/** The e-invoice a file carries besides its pages: the XML itself, or one embedded in a PDF. */
async function einvoiceOf(
  format: DocumentFormat,
  bytes: Uint8Array,
): Promise<Pick<ReadDocument, 'einvoice' | 'einvoiceProblem'>> {
  if (format === 'xml') return { einvoice: readEInvoiceXml(bytes) };
  if (format !== 'pdf') return {};
  const embedded = await readEmbeddedEInvoice(bytes);
  if (embedded.kind === 'read') return { einvoice: embedded.invoice };
  if (embedded.kind === 'unreadable') {
    return { einvoiceProblem: embedded.reason };
  }
  return {};
}

/**
 * Reads any supported upload into positioned words, lines and blocks. The format comes from the
 * bytes; the file name only decides how a failure is worded (a damaged "invoice.pdf" is reported as a
 * damaged PDF, an unknown blob as an unsupported format). Throws DocumentReadError.
 */
export async function readDocument(
  bytes: Uint8Array,
  fileName?: string,
  options: ReadOptions = {},
): Promise<ReadDocument> {
  if (bytes.length === 0) throw new DocumentReadError('EMPTY');
  const format = sniffFormat(bytes);
  if (!format) {
    const claimed = formatFromFileName(fileName);
    if (claimed) {
      throw new DocumentReadError('CORRUPT', {
        userMessage: `The ${FORMAT_NAMES[claimed]} file is damaged and cannot be read.`,
        detail: `content does not look like ${claimed}`,
      });
    }
    throw new DocumentReadError('UNSUPPORTED_FORMAT', { detail: fileName });
  }
  const pages = await readPages(format, bytes, options);
  return {
    format,
    pages,
    text: pages.map(pageText).join('\f'),
    ...(await einvoiceOf(format, bytes)),
  };
}

/**
 * Identifies what readDocument returns for given bytes. Bump it with every change that alters a
 * reading (OCR settings, layout grouping), so callers that cache readings read the file again.
 */
export const READER_VERSION = '13';
