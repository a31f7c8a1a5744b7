import { describe, expect, it } from 'vitest';

import { inspectDocument, readDocument } from '../src/index.js';
import { multiPagePdf } from './fixtures/generate.js';

const tenPages = Array.from({ length: 10 }, (_, i) => `Quarterly report page ${i + 1}`);

describe('reading PDFs at the same time', () => {
  it('reads a 10-page PDF in full while one-page PDFs open and close around it', async () => {
    const long = await multiPagePdf(tenPages);
    const singles = await Promise.all(
      Array.from({ length: 6 }, (_, i) => multiPagePdf([`Receipt number ${i + 1}`])),
    );
    // One-page files open (and are destroyed) one after another for as long as the long read
    // runs, as they do when one upload holds several files, so they land between its pages.
    const longRead = readDocument(long, 'report.pdf');
    let longDone = false;
    void longRead.finally(() => (longDone = true)).catch(() => undefined);
    const singleReadings: Awaited<ReturnType<typeof readDocument>>[] = [];
    const singleInfos: Awaited<ReturnType<typeof inspectDocument>>[] = [];
    do {
      for (const bytes of singles) {
        singleReadings.push(await readDocument(bytes, 'receipt.pdf'));
        singleInfos.push(await inspectDocument(bytes, 'receipt.pdf'));
        await new Promise((resolve) => setImmediate(resolve));
      }
    } while (!longDone);
    const longReading = await longRead;

    expect(longReading.pages).toHaveLength(10);
    longReading.pages.forEach((page, i) => {
      expect(page.number).toBe(i + 1);
      expect(longReading.text.split('\f')[i]).toContain(`Quarterly report page ${i + 1}`);
    });
    singleReadings.forEach((reading, i) => {
      expect(reading.pages).toHaveLength(1);
      expect(reading.text).toContain(`Receipt number ${(i % 6) + 1}`);
    });
    expect(singleInfos.every((info) => info.format === 'pdf' && info.pages === 1)).toBe(true);
  });
});
