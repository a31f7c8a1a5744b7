import { describe, expect, it } from 'vitest';

import { cleanFileName, decodeText, describeUpload, inlineDisposition } from './file-content.js';

describe('inlineDisposition', () => {
  it('quotes an ASCII name as it is', () => {
    expect(inlineDisposition('invoice 42.pdf')).toBe('inline; filename="invoice 42.pdf"');
  });

  it('adds an RFC 5987 filename* for other characters, with a safe ASCII fallback', () => {
    expect(inlineDisposition('Überweisung "Q1".pdf')).toBe(
      `inline; filename="_berweisung _Q1_.pdf"; filename*=UTF-8''%C3%9Cberweisung%20%22Q1%22.pdf`,
    );
  });
});

describe('decodeText', () => {
  it('reads UTF-8 and UTF-16 text with a byte-order mark', () => {
    expect(decodeText(Buffer.from('naïve, café'))).toBe('naïve, café');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b\n1,2', 'utf16le')]);
    expect(decodeText(utf16)).toBe('a,b\n1,2');
  });

  it('answers null for binary content: invalid UTF-8 or NUL bytes', () => {
    expect(decodeText(Buffer.from([0xc3, 0x28, 0x41]))).toBeNull();
    expect(decodeText(Buffer.from('abc\0def'))).toBeNull();
  });
});

describe('cleanFileName', () => {
  it('keeps the last path segment without control characters', () => {
    expect(cleanFileName('C:\\fakepath\\scan\u0007.pdf', 'pdf')).toBe('scan.pdf');
    expect(cleanFileName('../../etc/passwd', 'pdf')).toBe('passwd');
  });

  it('falls back to document.{ext} and shortens long names keeping the extension', () => {
    expect(cleanFileName('', 'png')).toBe('document.png');
    expect(cleanFileName(undefined, 'pdf')).toBe('document.pdf');
    const long = cleanFileName(`${'a'.repeat(300)}.pdf`, 'pdf');
    expect(long).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('describeUpload', () => {
  it('names what the content is, and the extension the name claims', () => {
    expect(describeUpload(Buffer.from('GIF89a...'), 'photo.png')).toBe('a GIF image (.png)');
    expect(describeUpload(Buffer.from('PK\x03\x04rest', 'latin1'), 'sheet.xlsx')).toBe(
      'a ZIP archive (.xlsx)',
    );
    expect(describeUpload(Buffer.from([0xc3, 0x28, 0x00, 0x99]), 'x.bin')).toBe(
      '.bin file with unknown content',
    );
    expect(describeUpload(Buffer.from([0xc3, 0x28, 0x00, 0x99]), undefined)).toBe(
      'unknown content',
    );
  });
});
