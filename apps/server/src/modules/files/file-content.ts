import type { DocumentFormat } from '../../db/schema.js';

/** The content type a stored document is served with: from the detected format, never the client. */
export const CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  // Only e-invoices (UBL, CII) are stored as XML; other XML is refused as unsupported.
  xml: 'application/xml',
};

const startsWith = (bytes: Uint8Array, text: string, offset = 0) =>
  bytes.length >= offset + text.length &&
  [...text].every((char, index) => bytes[offset + index] === char.charCodeAt(0));

/**
 * What unsupported content is, when common signatures tell, so a refusal can say more than
 * "unsupported". Null when the bytes match nothing we know.
 */
export function describeContent(bytes: Uint8Array): string | null {
  if (startsWith(bytes, 'MZ')) return 'a Windows program';
  if (startsWith(bytes, '\x7fELF')) return 'a Linux program';
  if (startsWith(bytes, 'PK\x03\x04')) return 'a ZIP archive';
  if (startsWith(bytes, 'GIF8')) return 'a GIF image';
  if (startsWith(bytes, 'BM')) return 'a BMP image';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'a WebP image';
  if (startsWith(bytes, '\xd0\xcf\x11\xe0')) return 'an Office file that is not a Word document';
  if (startsWith(bytes, '\x1f\x8b')) return 'a gzip archive';
  if (startsWith(bytes, 'Rar!')) return 'a RAR archive';
  if (startsWith(bytes, '7z\xbc\xaf')) return 'a 7-Zip archive';
  if (startsWith(bytes, 'ftyp', 4)) return 'a video or HEIC photo';
  if (decodeText(bytes) !== null) return 'plain text';
  return null;
}

/** How a refused upload is described: what the bytes are, and the name's extension if it has one. */
export function describeUpload(bytes: Uint8Array, fileName: string | undefined): string {
  const kind = describeContent(bytes);
  const extension = fileName ? extensionOf(fileName) : null;
  if (kind && extension) return `${kind} (.${extension})`;
  if (kind) return kind;
  if (extension) return `.${extension} file with unknown content`;
  return 'unknown content';
}

/** The extension of a file name, lower-cased, without the dot; null when there is none. */
export function extensionOf(fileName: string): string | null {
  return /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase() ?? null;
}

/**
 * The bytes as text when they are text: UTF-8 (or UTF-16 with a byte-order mark, as Windows
 * editors save "Unicode" files), without NUL bytes. Null for anything binary.
 */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) {
      text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
      text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    } else {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    }
  } catch {
    return null;
  }
  // Control characters other than tab, line breaks and form feed mean binary content.
  // eslint-disable-next-line no-control-regex
  return /[\x00-\x08\x0e-\x1a\x1c-\x1f]/.test(text) ? null : text;
}

/**
 * A file name safe to keep and to show: the last path segment (some browsers send the full path),
 * without control characters, at most 255 characters. Falls back to `document.{ext}`.
 */
export function cleanFileName(name: string | undefined, fallbackExtension: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\x00-\x1f\x7f]/g, '').trim();
  if (!cleaned || /^\.+$/.test(cleaned)) return `document.${fallbackExtension}`;
  if (cleaned.length <= 255) return cleaned;
  const extension = extensionOf(cleaned);
  return extension
    ? `${cleaned.slice(0, 254 - extension.length)}.${extension}`
    : cleaned.slice(0, 255);
}

/**
 * `inline` with the file name: a plain ASCII `filename` for old clients and the exact name as
 * RFC 5987 `filename*` when it has other characters.
 */
export function inlineDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const isAscii = ascii === fileName;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return isAscii
    ? `inline; filename="${ascii}"`
    : `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
