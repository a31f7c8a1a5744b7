import { DocumentReadError } from './errors.js';
import { loadSharp } from './on-demand.js';
import { countImagePages } from './image-reader.js';
import { assertImageWithinLimits } from './limits.js';
import { paintLaidOutPage } from './paint-laid-out-page.js';
import { getPdfPage, openPdf } from './pdf-reader.js';
import {
  encodePreview,
  JPEG_QUALITY,
  type PageImage,
  previewScale,
  whiteCanvas,
} from './preview-canvas.js';
import { sniffFormat } from './sniff-format.js';
import { readDoc, readDocx } from './word-reader.js';

export type { PageImage } from './preview-canvas.js';

/** Previews wider than this add nothing on a screen but time and memory. */
export const MAX_PREVIEW_WIDTH = 2400;

/**
 * The widths previews are rendered and kept at (the web app asks for these): any other width is
 * scaled down from the next one up, so a client cannot make a page be rendered and stored at
 * every width from 16 to 2400.
 */
export const PREVIEW_WIDTHS = [480, 960, 1440, 2000, MAX_PREVIEW_WIDTH] as const;

/** The kept width a preview `width` pixels wide is scaled from. */
export const renderedWidthFor = (width: number): number =>
  PREVIEW_WIDTHS.find((kept) => kept >= width) ?? MAX_PREVIEW_WIDTH;

/** A preview JPEG scaled down to `width` pixels, its aspect kept. */
export async function scalePreview(bytes: Uint8Array, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(bytes).resize({ width }).jpeg({ quality: JPEG_QUALITY }).toBuffer();
}

/**
 * One page of a document as an image `width` pixels wide, for previews that highlight where values
 * were read (boxes scale by width / page width). PDFs are rendered, images and TIFF pages resized
 * (turned upright from EXIF, as they are for OCR), Word documents painted from the pages their text
 * is laid out on when read. Answers null when the page does not exist or the format has no pages
 * to show (e-invoice XML, shown as its content). Throws DocumentReadError for damaged files.
 */
export async function renderPageImage(
  bytes: Uint8Array,
  pageNumber: number,
  width: number,
): Promise<PageImage | null> {
  const target = Math.max(16, Math.min(MAX_PREVIEW_WIDTH, Math.round(width)));
  const format = sniffFormat(bytes);
  switch (format) {
    case 'pdf':
      return renderPdfPage(bytes, pageNumber, target);
    case 'png':
    case 'jpeg':
    case 'tiff':
      return resizeImagePage(bytes, pageNumber, target);
    case 'docx':
    case 'doc':
      return renderWordPage(bytes, format, pageNumber, target);
    case 'xml':
    case null:
      return null;
  }
}

async function renderPdfPage(
  bytes: Uint8Array,
  pageNumber: number,
  width: number,
): Promise<PageImage | null> {
  const pdf = await openPdf(bytes);
  try {
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pdf.numPages) return null;
    const page = await getPdfPage(pdf, pageNumber);
    try {
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: previewScale(base.width, base.height, width) });
      const canvas = whiteCanvas(viewport.width, viewport.height);
      const context = canvas.getContext('2d');
      await page.render({ canvas: canvas as never, canvasContext: context as never, viewport })
        .promise;
      return await encodePreview(canvas);
    } finally {
      page.cleanup();
    }
  } catch (cause) {
    if (cause instanceof DocumentReadError) throw cause;
    throw new DocumentReadError('CORRUPT', {
      userMessage: 'The PDF file is damaged and cannot be read.',
      detail: cause instanceof Error ? cause.message : String(cause),
      cause,
    });
  } finally {
    await pdf.destroy();
  }
}

async function resizeImagePage(
  bytes: Uint8Array,
  pageNumber: number,
  width: number,
): Promise<PageImage | null> {
  await assertImageWithinLimits(bytes);
  const pages = await countImagePages(bytes);
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pages) return null;
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, { page: pageNumber - 1, failOn: 'error' })
      .rotate()
      .resize({ width, withoutEnlargement: false })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch (cause) {
    throw new DocumentReadError('CORRUPT', {
      userMessage: 'The image file is damaged and cannot be read.',
      detail: cause instanceof Error ? cause.message : String(cause),
      cause,
    });
  }
}

/**
 * A Word page as the engine reads it: the same reading extraction uses, so the words sit at the
 * boxes values' sources point to, and the page count is the one taken at upload.
 */
async function renderWordPage(
  bytes: Uint8Array,
  format: 'docx' | 'doc',
  pageNumber: number,
  width: number,
): Promise<PageImage | null> {
  const pages = format === 'docx' ? await readDocx(bytes) : await readDoc(bytes);
  const page = Number.isInteger(pageNumber) ? pages[pageNumber - 1] : undefined;
  return page ? paintLaidOutPage(page, width) : null;
}
