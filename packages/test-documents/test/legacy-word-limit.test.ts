import { DocumentReadError, READING_LIMITS, readDocument } from '@parser/extraction';
import { describe, expect, it } from 'vitest';

import { legacyWordDoc } from '../src/index.js';

const MB = 1024 * 1024;

/** Paragraphs of a long report with a table row every tenth line, about `characters` long. */
function reportLines(characters: number): string[] {
  const words = 'the delivery of goods and services rendered under the order was paid'.split(' ');
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < characters; i++) {
    const line =
      i % 10 === 9
        ? `Item ${i}\t${(i % 7) + 1}\t${(i * 0.37).toFixed(2)}`
        : `${Array.from({ length: 12 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ')}.`;
    lines.push(line);
    length += line.length + 1;
  }
  lines.push('End of report.');
  return lines;
}

describe('the text limit of legacy Word (.doc) files', () => {
  it('reads a .doc just under the limit to its last line, in a few hundred MB', async () => {
    const lines = reportLines(READING_LIMITS.maxWordTextCharacters - 20_000);
    const doc = legacyWordDoc(lines);
    const before = process.memoryUsage().rss;
    const read = await readDocument(doc.bytes, doc.fileName);
    expect(read.text.length).toBeGreaterThan(READING_LIMITS.maxWordTextCharacters - 40_000);
    expect(read.pages.at(-1)?.lines.at(-1)?.text).toBe('End of report.');
    // About 45 bytes a character for the positioned words of every page.
    expect(process.memoryUsage().rss - before).toBeLessThan(500 * MB);
  });

  it('refuses a .doc of 8 million characters before building its text, saying how much fits', async () => {
    const doc = legacyWordDoc(reportLines(8_000_000));
    const before = process.memoryUsage().rss;
    const error = await readDocument(doc.bytes, doc.fileName).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentReadError);
    expect(error).toMatchObject({
      code: 'TOO_LARGE',
      userMessage:
        'The Word document holds more text than the 5 million characters (about 1,500 pages) a ' +
        'document may have; split it into smaller documents and upload them one by one.',
    });
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
  });
});
