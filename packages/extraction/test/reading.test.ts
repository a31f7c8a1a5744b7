import { describe, expect, it } from 'vitest';

import type { Word } from '../src/document.js';
import {
  DocumentReadError,
  groupLinesIntoBlocks,
  groupWordsIntoLines,
  readDocument,
  sniffFormat,
} from '../src/index.js';
import {
  corruptPdf,
  docxWithTable,
  encryptedPdf,
  multiPagePdf,
  textImagePng,
  twoColumnInvoicePdf,
} from './fixtures/generate.js';

async function readError(bytes: Uint8Array, name?: string): Promise<DocumentReadError> {
  try {
    await readDocument(bytes, name);
  } catch (e) {
    if (e instanceof DocumentReadError) return e;
    throw e;
  }
  throw new Error('expected readDocument to fail');
}

describe('sniffFormat', () => {
  it('recognises formats by content, not name', async () => {
    expect(sniffFormat(await multiPagePdf(['x']))).toBe('pdf');
    expect(sniffFormat(await textImagePng(['x']))).toBe('png');
    expect(sniffFormat(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(sniffFormat(Uint8Array.from([0x49, 0x49, 0x2a, 0x00, 8, 0]))).toBe('tiff');
    expect(sniffFormat(Uint8Array.from([0x4d, 0x4d, 0x00, 0x2a, 0, 8]))).toBe('tiff');
    expect(sniffFormat(await docxWithTable())).toBe('docx');
    expect(sniffFormat(new TextEncoder().encode('hello, world'))).toBeNull();
  });

  it('does not take every zip or OLE2 file for a Word document', () => {
    const zip = Uint8Array.from([
      0x50,
      0x4b,
      0x03,
      0x04,
      ...new TextEncoder().encode('xl/workbook.xml'),
    ]);
    expect(sniffFormat(zip)).toBeNull();
    const ole = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(sniffFormat(ole)).toBeNull();
  });
});

describe('readDocument errors', () => {
  it('rejects unknown content as UNSUPPORTED_FORMAT with a readable message', async () => {
    const err = await readError(new TextEncoder().encode('name,amount\nacme,12\n'), 'data.csv');
    expect(err.code).toBe('UNSUPPORTED_FORMAT');
    expect(err.userMessage).toMatch(/not supported/);
  });

  it('reports an empty upload as EMPTY', async () => {
    expect((await readError(new Uint8Array(0), 'a.pdf')).code).toBe('EMPTY');
  });

  it('reports a password-protected PDF as ENCRYPTED', async () => {
    const err = await readError(await encryptedPdf(), 'secret.pdf');
    expect(err.code).toBe('ENCRYPTED');
    expect(err.userMessage).toBe(
      'The PDF is password-protected; remove the password and upload it again.',
    );
  });

  it('reports garbage behind a PDF header as CORRUPT', async () => {
    const err = await readError(corruptPdf(), 'broken.pdf');
    expect(err.code).toBe('CORRUPT');
    expect(err.userMessage).toBe('The PDF file is damaged and cannot be read.');
  });

  it('reports a file named .pdf whose content is not a PDF as a damaged PDF', async () => {
    const err = await readError(new TextEncoder().encode('<html>oops</html>'), 'invoice.pdf');
    expect(err.code).toBe('CORRUPT');
    expect(err.userMessage).toMatch(/PDF/);
  });

  it('reports a broken DOCX as CORRUPT', async () => {
    const bytes = new Uint8Array([
      0x50,
      0x4b,
      0x03,
      0x04,
      ...new TextEncoder().encode('word/document.xml garbage'),
    ]);
    expect((await readError(bytes, 'x.docx')).code).toBe('CORRUPT');
  });
});

describe('PDF text layer', () => {
  it('reads a two-column invoice row by row with label and value on one line', async () => {
    const doc = await readDocument(await twoColumnInvoicePdf(), 'invoice.pdf');
    expect(doc.format).toBe('pdf');
    expect(doc.pages).toHaveLength(1);
    const page = doc.pages[0]!;
    expect(page.method).toBe('text_layer');
    // A4 in points.
    expect(page.width).toBeCloseTo(595.28, 1);
    expect(page.height).toBeCloseTo(841.89, 1);

    const texts = page.lines.map((l) => l.text.replace(/\t/g, ' | '));
    expect(texts[0]).toBe('INVOICE');
    expect(texts).toContain('Acme Supplies Ltd | Invoice No: INV-2024-0042');
    expect(texts).toContain('12 Harbour Road | Date: 15/03/2024');
    expect(texts).toContain('Description | Qty | Amount');
    expect(texts).toContain('Toner cartridge | 2 | 120.50');
    expect(texts[texts.length - 1]).toBe('Total due | 165.50');
    // Reading order is top to bottom.
    const tops = page.lines.map((l) => l.box[1]);
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    expect(doc.text.split('\n')[0]).toBe('INVOICE');
  });

  it('places word boxes where the words are drawn (top-left origin, points)', async () => {
    const page = (await readDocument(await twoColumnInvoicePdf())).pages[0]!;
    const word = (t: string) => page.words.find((w) => w.text === t)!;
    const invoiceNo = word('INV-2024-0042');
    // "Invoice No: " was drawn at x=340, y=100 (pdfkit measures y from the top to the text's top).
    expect(invoiceNo.box[0]).toBeGreaterThan(380);
    expect(invoiceNo.box[0]).toBeLessThan(420);
    expect(invoiceNo.box[1]).toBeGreaterThan(95);
    expect(invoiceNo.box[3]).toBeLessThan(118);
    expect(word('Acme').box[0]).toBeCloseTo(50, 0);
    expect(word('165.50').box[0]).toBeCloseTo(450, 0);
    expect(word('165.50').confidence).toBe(1);
    // Words do not overlap on a line.
    for (const line of page.lines) {
      line.words
        .slice(1)
        .forEach((w, i) => expect(w.box[0]).toBeGreaterThanOrEqual(line.words[i]!.box[2] - 0.5));
    }
  });

  it('separates blocks at vertical gaps', async () => {
    const page = (await readDocument(await twoColumnInvoicePdf())).pages[0]!;
    const blockTexts = page.blocks.map((b) =>
      b.lines.map((l) => l.text.split('\t')[0]).join(' / '),
    );
    expect(blockTexts).toEqual([
      'INVOICE',
      'Acme Supplies Ltd / 12 Harbour Road / Bristol BS1 4DJ',
      'Description / Printer paper A4 / Toner cartridge',
      'Total due',
    ]);
  });

  it('reads every page of a multi-page PDF in order', async () => {
    const doc = await readDocument(
      await multiPagePdf(['First page alpha', 'Second page beta', 'Third page gamma']),
    );
    expect(doc.pages.map((p) => p.number)).toEqual([1, 2, 3]);
    expect(doc.pages.map((p) => p.lines[0]?.text)).toEqual([
      'First page alpha',
      'Second page beta',
      'Third page gamma',
    ]);
    expect(doc.pages.every((p) => p.method === 'text_layer')).toBe(true);
    expect(doc.text.split('\f')).toEqual([
      'First page alpha',
      'Second page beta',
      'Third page gamma',
    ]);
  });

  it('leaves a text-less page empty when OCR is turned off', async () => {
    const doc = await readDocument(await multiPagePdf(['']), 'blank.pdf', { ocr: false });
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0]!.words).toEqual([]);
  });
});

describe('DOCX', () => {
  it('keeps tables as rows and also as positioned lines', async () => {
    const doc = await readDocument(await docxWithTable(), 'invoice.docx');
    expect(doc.format).toBe('docx');
    const page = doc.pages[0]!;
    expect(page.method).toBe('word');
    expect(page.tables).toEqual([
      {
        rows: [
          ['Item', 'Qty', 'Price'],
          ['Widget', '3', '9.99'],
          ['Gadget & Co', '1', '24.00'],
        ],
      },
    ]);
    expect(page.lines.map((l) => l.text)).toEqual([
      'Invoice INV-77',
      'Bill to: Northwind Traders',
      'Item\tQty\tPrice',
      'Widget\t3\t9.99',
      'Gadget & Co\t1\t24.00',
      'Total: 53.97',
    ]);
    // Synthetic boxes: cells of a column share x, rows go down the page.
    const qty = page.words.filter((w) => w.text === 'Qty' || w.text === '3' || w.text === '1');
    expect(new Set(qty.map((w) => w.box[0])).size).toBe(1);
    const ys = page.lines.map((l) => l.box[1]);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    for (const w of page.words) expect(w.box[2]).toBeLessThanOrEqual(page.width);
  });
});

describe('layout helpers', () => {
  const w = (text: string, x0: number, y0: number, x1: number, y1: number): Word => ({
    text,
    box: [x0, y0, x1, y1],
    confidence: 1,
  });

  it('groups words on slightly different baselines into one line, left to right', () => {
    const lines = groupWordsIntoLines([
      w('12.00', 300, 101, 340, 113),
      w('Total', 10, 100, 50, 112),
      w('Next', 10, 130, 50, 142),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['Total\t12.00', 'Next']);
    expect(lines[0]!.box).toEqual([10, 100, 340, 113]);
  });

  it('does not let one tall word merge neighbouring lines', () => {
    const lines = groupWordsIntoLines([
      w('above', 10, 100, 60, 110),
      w('BIG', 200, 95, 300, 135),
      w('below', 10, 122, 60, 132),
    ]);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.map((l) => l.text).join(' ')).toContain('above');
    expect(lines.find((l) => l.text.includes('above'))!.text).not.toContain('below');
  });

  it('starts a new block after a gap taller than a line', () => {
    const lines = groupWordsIntoLines([
      w('a', 0, 0, 10, 10),
      w('b', 0, 12, 10, 22),
      w('c', 0, 50, 10, 60),
    ]);
    expect(groupLinesIntoBlocks(lines).map((b) => b.lines.length)).toEqual([2, 1]);
  });
});
