import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { createCanvas } from '@napi-rs/canvas';

import type { Page, Word } from '../document.js';
import { DocumentReadError } from './errors.js';
import { ocrPage, type PreparedImage } from './image-reader.js';
import { buildPage } from './layout.js';
import { READING_LIMITS } from './limits.js';
import { mapWithLimit } from './map-with-limit.js';
import { ocrPoolSize } from './ocr-pool.js';
import { countRealCharacters, mergeTouchingWords, wordsFromTextItem } from './pdf-text-words.js';
import {
  getDocument,
  PagesMapper,
  Util,
  type PDFDocumentProxy,
  type PDFPageProxy,
} from './pdfjs.js';

export interface PdfReadOptions {
  /** Render resolution for pages without a usable text layer. */
  ocrDpi: number;
  /** Pages whose text layer has fewer letters/digits than this are OCR'd instead. */
  minTextCharacters: number;
  /** When false, text-less pages come back empty instead of being OCR'd. */
  ocr: boolean;
}

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
/** pdfjs reads these with fs in Node; a trailing slash is required. Nothing is fetched from the network. */
const assetDir = (name: string) => pathToFileURL(path.join(pdfjsRoot, name)).pathname + '/';

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const task = getDocument({
    // pdfjs transfers (detaches) the buffer it is given; copy so the caller's bytes stay usable.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    standardFontDataUrl: assetDir('standard_fonts'),
    cMapUrl: assetDir('cmaps'),
    cMapPacked: true,
    wasmUrl: assetDir('wasm'),
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (cause) {
    const name = (cause as { name?: string } | null)?.name;
    if (name === 'PasswordException') {
      throw new DocumentReadError('ENCRYPTED', {
        userMessage: 'The PDF is password-protected; remove the password and upload it again.',
        cause,
      });
    }
    throw new DocumentReadError('CORRUPT', {
      userMessage: 'The PDF file is damaged and cannot be read.',
      detail: cause instanceof Error ? cause.message : String(cause),
      cause,
    });
  }
}

/**
 * pdfjs 5.4 also registers every opened document with that object and never lets go of it, so each
 * document read would stay in memory for good. The registrations serve page reordering in a
 * viewer, which the engine never does.
 */
PagesMapper.instance.addListener = () => undefined;

/**
 * pdfjs 5.4 checks page numbers against one process-wide page count (`PagesMapper`, meant for a
 * single viewer) that every document overwrites when it opens, so page 2 of a 10-page PDF is an
 * "Invalid page request" once a one-page PDF has opened elsewhere. Each call sets the count back to
 * this document's own, synchronously before pdfjs checks it, which keeps concurrent reads independent.
 * Pages are never reordered here, so the page-id mapping that object also holds stays the identity.
 */
export function getPdfPage(pdf: PDFDocumentProxy, pageNumber: number): Promise<PDFPageProxy> {
  PagesMapper.instance.pagesNumber = pdf.numPages;
  return pdf.getPage(pageNumber);
}

/** Text-layer words in top-left page points, in the page's own rotation. */
async function textLayerWords(
  page: PDFPageProxy,
): Promise<{ words: Word[]; width: number; height: number }> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const words: Word[] = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    // The viewport transform flips y (PDF origin is bottom-left) and applies /Rotate.
    const [a, b, c, d, e, f] = Util.transform(viewport.transform, item.transform) as number[];
    const fontSize = Math.hypot(c!, d!) || Math.hypot(a!, b!) || item.height;
    words.push(
      ...wordsFromTextItem({ str: item.str, x: e!, baselineY: f!, width: item.width, fontSize }),
    );
  }
  return { words: mergeTouchingWords(words), width: viewport.width, height: viewport.height };
}

/** Renders a page to greyscale pixels for OCR. */
async function renderForOcr(page: PDFPageProxy, dpi: number): Promise<PreparedImage> {
  const base = page.getViewport({ scale: 1 });
  let scale = dpi / 72;
  const pixels = base.width * base.height * scale * scale;
  // Very large pages (posters, 600 dpi scans placed at full size) would need gigabytes of pixels.
  const max = READING_LIMITS.maxOcrRenderPixels;
  if (pixels > max) scale *= Math.sqrt(max / pixels);
  const viewport = page.getViewport({ scale });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  // Transparent areas would read as black after greyscale conversion.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  const rgba = context.getImageData(0, 0, width, height).data;
  const grey = new Uint8Array(width * height);
  for (let i = 0, j = 0; j < grey.length; i += 4, j++) {
    // ITU-R BT.601 luma, integer arithmetic.
    grey[j] = (rgba[i]! * 299 + rgba[i + 1]! * 587 + rgba[i + 2]! * 114) / 1000;
  }
  // The page is described in rendered pixels (the contract's unit for OCR'd pages), so scale is 1.
  return { data: grey, width, height, scale: 1, originalWidth: width, originalHeight: height };
}

/**
 * Reads every page from its text layer; pages whose text layer is empty or unusable (scans, text drawn
 * as outlines, fonts without a Unicode mapping) are rendered and OCR'd instead, page by page.
 */
/** Damage past the header (broken xref streams, truncated content) surfaces while reading pages. */
async function damagedIfThrows<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (cause) {
    if (cause instanceof DocumentReadError) throw cause;
    throw new DocumentReadError('CORRUPT', {
      userMessage: 'The PDF file is damaged and cannot be read.',
      detail: cause instanceof Error ? cause.message : String(cause),
      cause,
    });
  }
}

/** Page count from the PDF's page tree, without reading any page. Throws DocumentReadError. */
export async function countPdfPages(bytes: Uint8Array): Promise<number> {
  const pdf = await openPdf(bytes);
  try {
    if (pdf.numPages === 0)
      throw new DocumentReadError('EMPTY', { userMessage: 'The PDF has no pages.' });
    return pdf.numPages;
  } finally {
    await pdf.destroy();
  }
}

export async function readPdf(bytes: Uint8Array, options: PdfReadOptions): Promise<Page[]> {
  const pdf = await openPdf(bytes);
  try {
    if (pdf.numPages === 0)
      throw new DocumentReadError('EMPTY', { userMessage: 'The PDF has no pages.' });
    const numbers = Array.from({ length: pdf.numPages }, (_, i) => i + 1);
    // Text-layer pages take milliseconds; the limit bounds how many rendered bitmaps wait for OCR at once.
    return await mapWithLimit(numbers, ocrPoolSize(), async (n) => {
      const page = await damagedIfThrows(getPdfPage(pdf, n));
      try {
        const layer = await damagedIfThrows(textLayerWords(page));
        const real = countRealCharacters(layer.words.map((w) => w.text).join(''));
        if (real >= options.minTextCharacters || !options.ocr) {
          return buildPage(n, layer.width, layer.height, 'text_layer', layer.words);
        }
        // OCR failures are not the file's fault, so they propagate as they are.
        return await ocrPage(n, await damagedIfThrows(renderForOcr(page, options.ocrDpi)));
      } finally {
        page.cleanup();
      }
    });
  } finally {
    await pdf.destroy();
  }
}
