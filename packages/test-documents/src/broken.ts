import { CONTENT_TYPES, type GeneratedDocument } from './document.js';
import { pdfBytes } from './pdf.js';

/** Starts like a PDF, but the rest is noise: what a cut-off or damaged upload looks like. */
export function corruptPdf(): GeneratedDocument {
  const noise = Buffer.alloc(4000);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + 13) % 251;
  return {
    bytes: new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n'), noise])),
    fileName: 'damaged.pdf',
    contentType: CONTENT_TYPES.pdf,
  };
}

/** A PDF that opens only with a password. */
export async function encryptedPdf(): Promise<GeneratedDocument> {
  const bytes = await pdfBytes((doc) => doc.text('Confidential invoice 42', 50, 80), {
    userPassword: 'secret',
    pdfVersion: '1.7',
  });
  return { bytes, fileName: 'protected.pdf', contentType: CONTENT_TYPES.pdf };
}

/** A Windows program's first bytes ("MZ" header): content no document reader accepts. */
export function windowsProgram(fileName = 'setup.exe'): GeneratedDocument {
  const bytes = Buffer.alloc(2048);
  bytes.write('MZ', 0, 'latin1');
  bytes.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return { bytes: new Uint8Array(bytes), fileName, contentType: 'application/octet-stream' };
}
