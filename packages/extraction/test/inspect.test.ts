import { describe, expect, it } from 'vitest';

import { DocumentReadError, inspectDocument } from '../src/index.js';
import {
  corruptPdf,
  docxWithTable,
  encryptedPdf,
  multiPagePdf,
  multiPageTiff,
  textImagePng,
} from './fixtures/generate.js';

async function inspectError(bytes: Uint8Array, name?: string): Promise<DocumentReadError> {
  const error: unknown = await inspectDocument(bytes, name).then(
    () => new Error('expected inspectDocument to fail'),
    (e: unknown) => e,
  );
  if (error instanceof DocumentReadError) return error;
  throw error;
}

describe('inspectDocument', () => {
  it('answers the format from the bytes and the page count without OCR', async () => {
    expect(await inspectDocument(await multiPagePdf(['one', 'two', 'three']), 'x.png')).toEqual({
      format: 'pdf',
      pages: 3,
    });
    expect(await inspectDocument(await textImagePng(['hello']), 'scan.pdf')).toEqual({
      format: 'png',
      pages: 1,
    });
    expect(await inspectDocument(await multiPageTiff([['a'], ['b']]))).toEqual({
      format: 'tiff',
      pages: 2,
    });
    expect(await inspectDocument(await docxWithTable())).toEqual({ format: 'docx', pages: 1 });
  });

  it('rejects damaged, encrypted and unknown files with the reading errors', async () => {
    expect((await inspectError(corruptPdf(), 'broken.pdf')).code).toBe('CORRUPT');
    expect((await inspectError(await encryptedPdf(), 'secret.pdf')).code).toBe('ENCRYPTED');
    expect((await inspectError(new TextEncoder().encode('MZ\x90\x00'), 'tool.pdf')).code).toBe(
      'CORRUPT',
    );
    expect((await inspectError(new TextEncoder().encode('plain'), 'notes.txt')).code).toBe(
      'UNSUPPORTED_FORMAT',
    );
    expect((await inspectError(new Uint8Array(0))).code).toBe('EMPTY');
  });
});
