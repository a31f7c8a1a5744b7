import { afterAll, describe, expect, it } from 'vitest';

import { extractBySchema, READER_VERSION, readDocument, terminateOcr } from '../src/index.js';
import { receiptJpeg } from './fixtures/generate.js';

afterAll(async () => {
  await terminateOcr();
});

describe('reader version', () => {
  it('names the reader version that cached readings are keyed by', () => {
    expect(READER_VERSION).toMatch(/^\d+$/);
  });
});

describe('a scanned receipt, read and extracted', () => {
  it('finds company, address, date and the rounded total of a small receipt scan', async () => {
    const jpeg = await receiptJpeg([
      'KEDAI RUNCIT MAJU SDN BHD',
      'NO 12, JALAN MERANTI 3,',
      '47400 PETALING JAYA',
      'TEL: 03-7788 1122',
      '14/03/2024 10:22  CASHIER 02',
      'MILO 1KG          1 x 12.33',
      'TOTAL INCL GST        12.33',
      'CASH                  22.30',
      'CHANGE                10.00',
      'THANK YOU, PLEASE COME AGAIN',
    ]);
    const doc = await readDocument(jpeg, 'receipt.jpg');
    const page = doc.pages[0]!;
    expect(page.method).toBe('ocr');
    // boxes are in the pixels of the image as uploaded
    expect(page.width).toBe(600);
    expect(Math.max(...page.words.map((w) => w.box[2]))).toBeLessThanOrEqual(600);
    const r = extractBySchema(doc, {
      fields: [
        { key: 'company', label: 'Company', type: 'string' },
        { key: 'address', label: 'Address', type: 'string' },
        { key: 'date', label: 'Date', type: 'date' },
        { key: 'total', label: 'Total', type: 'currency' },
      ],
      tables: [],
    });
    expect(r.fields.company?.value).toBe('KEDAI RUNCIT MAJU SDN BHD');
    expect(r.fields.address?.value).toBe('NO 12, JALAN MERANTI 3, 47400 PETALING JAYA');
    expect(r.fields.date?.value).toBe('2024-03-14');
    // 12.33 is paid as 12.30 in cash rounded to five cents: CASH 22.30 less CHANGE 10.00
    expect(r.fields.total?.value).toBe(12.3);
  });
});
