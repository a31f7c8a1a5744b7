import type { Page } from '../document.js';
import { extractDocText } from './doc-text.js';
import { DocumentReadError } from './errors.js';
import { htmlToBlocks } from './html-blocks.js';
import { loadMammoth } from './on-demand.js';
import { assertZipWithinLimits } from './limits.js';
import { layOutPages, type SyntheticItem } from './synthetic-layout.js';

function corrupt(kind: string, cause: unknown): DocumentReadError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  if (/encrypt|password/i.test(detail)) {
    return new DocumentReadError('ENCRYPTED', {
      userMessage: `The ${kind} document is password-protected; remove the password and upload it again.`,
      detail,
      cause,
    });
  }
  return new DocumentReadError('CORRUPT', {
    userMessage: `The ${kind} document is damaged and cannot be read.`,
    detail,
    cause,
  });
}

/** DOCX through mammoth's HTML, which (unlike its plain-text output) keeps tables as tables. */
export async function readDocx(bytes: Uint8Array): Promise<Page[]> {
  // mammoth inflates the whole package into memory; a ZIP bomb must be refused before that.
  await assertZipWithinLimits(bytes);
  let html: string;
  try {
    const mammoth = await loadMammoth();
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
  } catch (cause) {
    throw corrupt('Word', cause);
  }
  const items: SyntheticItem[] = htmlToBlocks(html).map((b) =>
    b.kind === 'paragraph' ? { kind: 'line', cells: [b.text] } : b,
  );
  return layOutPages(items);
}

/**
 * Legacy .doc via word-extractor (text only). Word stores table cells as tab/cell-mark separated runs,
 * which word-extractor returns as tabs, so splitting lines on tabs recovers row cells for the layout.
 */
export async function readDoc(bytes: Uint8Array): Promise<Page[]> {
  let body: string;
  try {
    body = await extractDocText(bytes);
  } catch (cause) {
    if (cause instanceof DocumentReadError) throw cause;
    throw corrupt('Word', cause);
  }
  const items: SyntheticItem[] = body
    .split(/\r\n|\r|\n/)
    .map((line) => ({ kind: 'line', cells: line.split('\t').map((c) => c.trim()) }));
  return layOutPages(items);
}
