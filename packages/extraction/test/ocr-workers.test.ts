import { afterAll, describe, expect, it } from 'vitest';

import { ocrModelLoads, readDocument, terminateOcr } from '../src/index.js';
import { receiptJpeg } from './fixtures/generate.js';

afterAll(async () => {
  await terminateOcr();
});

const RECEIPT = Array.from({ length: 16 }, (_, i) =>
  i % 2 ? `ITEM ${i} SOAP BAR 2 x 3.50 7.00` : `NO ${i}, JALAN MERANTI ${i}, TAMAN MAJU`,
);

describe('the OCR workers', () => {
  it("share a page's rows: every worker of the pool recognises some of them", async () => {
    const before = process.env.OCR_WORKERS;
    process.env.OCR_WORKERS = '2';
    try {
      const doc = await readDocument(await receiptJpeg(RECEIPT), 'receipt.jpg');
      expect(doc.pages[0]!.lines).toHaveLength(RECEIPT.length);
      // a worker loads the recogniser on its first row: two loads, two workers reading rows
      expect(ocrModelLoads('recognizer')).toBe(2);
      expect(ocrModelLoads('detector')).toBe(1);
    } finally {
      if (before === undefined) delete process.env.OCR_WORKERS;
      else process.env.OCR_WORKERS = before;
    }
  });
});
