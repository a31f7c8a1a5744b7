import {
  DocumentReadError,
  inspectDocument,
  READING_LIMITS,
  readDocument,
  sniffFormat,
} from '@parser/extraction';
import CFB from 'cfb';
import { describe, expect, it } from 'vitest';

import { damagedWordDoc, legacyWordDoc, overclaimingDoc, repeatedTextDoc } from '../src/index.js';

async function failure(work: Promise<unknown>): Promise<DocumentReadError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof DocumentReadError) return error;
    throw error;
  }
  throw new Error('expected the document to be refused');
}

const MB = 1024 * 1024;
const TOO_MUCH_TEXT =
  'The Word document holds more text than the 5 million characters (about 1,500 pages) a ' +
  'document may have; split it into smaller documents and upload them one by one.';

describe('legacy Word (.doc) files', () => {
  it('reads the text of a generated .doc, its paragraphs as lines and table cells apart', async () => {
    const doc = legacyWordDoc(['Invoice INV-2041', 'Qty\tPrice', '3\t40.00', 'Café Rouge']);
    expect(sniffFormat(doc.bytes)).toBe('doc');
    expect(await inspectDocument(doc.bytes, doc.fileName)).toEqual({ format: 'doc', pages: 1 });
    const read = await readDocument(doc.bytes, doc.fileName);
    expect(read.text).toContain('Invoice INV-2041');
    expect(read.text).toContain('Café Rouge');
    expect(read.pages[0]!.lines.map((line) => line.text)).toEqual([
      'Invoice INV-2041',
      'Qty\tPrice',
      '3\t40.00',
      'Café Rouge',
    ]);
  });

  it('refuses a small .doc whose pieces repeat one run past the text limit, in bounded memory', async () => {
    const run = 'Invoice 42 '.repeat(6000) + '\r';
    const repeats = Math.ceil((READING_LIMITS.maxWordTextCharacters * 5) / run.length);
    const doc = repeatedTextDoc(run, repeats);
    expect(doc.bytes.length).toBeLessThan(1 * MB);
    const before = process.memoryUsage().rss;
    const error = await failure(readDocument(doc.bytes, doc.fileName));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.userMessage).toBe(TOO_MUCH_TEXT);
    expect((await failure(inspectDocument(doc.bytes, doc.fileName))).code).toBe('TOO_LARGE');
    // The text was never built: counting the pieces is enough to refuse it.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
  });

  it('refuses a .doc whose header claims more text than the limit', async () => {
    const doc = overclaimingDoc(['Invoice 42'], 3_000_000_000);
    const error = await failure(readDocument(doc.bytes, doc.fileName));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.userMessage).toBe(TOO_MUCH_TEXT);
  });

  it('still reads a .doc of two million characters built from repeated pieces', async () => {
    const run = 'Invoice 42 '.repeat(6000) + '\r';
    const doc = repeatedTextDoc(run, Math.floor((2 * MB) / run.length));
    const read = await readDocument(doc.bytes, doc.fileName);
    expect(read.text.length).toBeGreaterThan(1.9 * MB);
  });

  it('reports a cut-off or inconsistent .doc as a damaged Word document', async () => {
    const doc = legacyWordDoc(['Invoice 42']);
    const cut = doc.bytes.subarray(0, Math.floor(doc.bytes.length / 2));
    const noPieceTable = damagedWordDoc(['Invoice 42']).bytes;
    const notWord = damaged(doc.bytes, '/WordDocument', 0, 0x00);
    for (const bytes of [cut, noPieceTable, notWord]) {
      const error = await failure(readDocument(bytes, 'letter.doc'));
      expect(error.code).toBe('CORRUPT');
      // Cut before its directory, the file no longer shows it is Word: its name says so.
      expect(error.userMessage).toMatch(
        /^The Word document (file )?is damaged and cannot be read\.$/,
      );
    }
  });
});

/** The .doc with one byte of one of its streams overwritten. */
function damaged(bytes: Uint8Array, stream: string, offset: number, value: number): Uint8Array {
  const container = CFB.read(bytes, { type: 'buffer' });
  const entry = CFB.find(container, stream)!;
  const content = Buffer.from(entry.content as Uint8Array);
  content[offset] = value;
  entry.content = content;
  return new Uint8Array(CFB.write(container, { type: 'buffer' }) as Buffer);
}
