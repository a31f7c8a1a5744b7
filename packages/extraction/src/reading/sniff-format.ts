import type { DocumentFormat } from '../document.js';
import { sniffEInvoiceSyntax } from '../einvoice/sniff.js';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

/** Byte search; the inputs here are small prefixes or zip directories, so a naive scan is fine. */
function indexOfBytes(
  haystack: Uint8Array,
  needle: Uint8Array,
  from = 0,
  to = haystack.length,
): number {
  const end = Math.min(to, haystack.length) - needle.length;
  outer: for (let i = from; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const utf16le = (s: string) => Uint8Array.from([...s].flatMap((c) => [c.charCodeAt(0), 0]));

const PDF_MARKER = ascii('%PDF-');
const DOCX_MAIN_PART = ascii('word/document.xml');
// OLE2 containers also hold .xls/.ppt/.msg; only those with a WordDocument stream are Word files.
const WORD_STREAM = utf16le('WordDocument');

/**
 * Detects the format from the content, never from the name. Returns null for anything we cannot read.
 * PDF readers accept `%PDF-` anywhere in the first 1 KiB (some generators prepend junk), so we do too.
 */
export function sniffFormat(bytes: Uint8Array): DocumentFormat | null {
  if (indexOfBytes(bytes, PDF_MARKER, 0, 1024 + PDF_MARKER.length) >= 0) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return 'tiff';
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // Part names are stored uncompressed in local headers and the central directory.
    return indexOfBytes(bytes, DOCX_MAIN_PART) >= 0 ? 'docx' : null;
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return indexOfBytes(bytes, WORD_STREAM) >= 0 ? 'doc' : null;
  }
  // Only XML that is an e-invoice: other XML (and other text) stays unsupported.
  if (sniffEInvoiceSyntax(bytes)) return 'xml';
  return null;
}

const EXTENSIONS: Record<string, DocumentFormat> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  tif: 'tiff',
  tiff: 'tiff',
  docx: 'docx',
  doc: 'doc',
  xml: 'xml',
};

/** The format a file name claims; used only to word errors (a damaged "x.pdf" is CORRUPT, not UNSUPPORTED). */
export function formatFromFileName(fileName: string | undefined): DocumentFormat | null {
  const ext = fileName?.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  return (ext && EXTENSIONS[ext]) || null;
}
