import { afterAll, describe, expect, it } from 'vitest';

import { extractBySchema, READER_VERSION, readDocument, terminateOcr } from '../src/index.js';
import { prepareForOcr } from '../src/reading/image-reader.js';
import { recognizeLines, wordsFromTsv } from '../src/reading/ocr-pool.js';
import { cropGrey } from '../src/reading/reread.js';
import { receiptJpeg } from './fixtures/generate.js';

afterAll(async () => {
  await terminateOcr();
});

describe('OCR output', () => {
  it('takes words, boxes and confidences from tesseract TSV rows', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t600\t800\t-1\t',
      '4\t1\t1\t1\t1\t0\t20\t30\t300\t24\t-1\t',
      '5\t1\t1\t1\t1\t1\t20\t30\t80\t24\t96.5\tTOTAL',
      '5\t1\t1\t1\t1\t2\t220\t31\t60\t23\t41\t12.30',
      '5\t1\t1\t1\t1\t3\t290\t31\t10\t23\t95\t ',
    ].join('\n');
    expect(wordsFromTsv(tsv)).toEqual([
      { text: 'TOTAL', box: [20, 30, 100, 54], confidence: 0.965 },
      { text: '12.30', box: [220, 31, 280, 54], confidence: 0.41 },
    ]);
  });

  it('names the reader version that cached readings are keyed by', () => {
    expect(READER_VERSION).toMatch(/^\d+$/);
  });
});

describe('reading single rows a second time', () => {
  it('reads a row cropped from a page on its own, and leaves the workers reading pages', async () => {
    const jpeg = await receiptJpeg([
      'FAMILY MART',
      'TOTAL RM          18.90',
      'CASH              20.00',
    ]);
    const image = await prepareForOcr(jpeg);
    const page = await readDocument(jpeg, 'receipt.jpg');
    const total = page.pages[0]!.lines.find((l) => /TOTAL/.test(l.text))!;
    const s = image.scale;
    const h = total.box[3] - total.box[1];
    const crop = cropGrey(
      image,
      0,
      (total.box[1] - 0.3 * h) * s,
      image.width,
      (total.box[3] + 0.3 * h) * s,
    );
    const [row] = await recognizeLines([crop]);
    expect(row?.map((w) => w.text).join(' ')).toMatch(/TOTAL RM 18\.90/);
    // the page mode is back: a whole receipt still comes out as several lines
    const again = await readDocument(jpeg, 'receipt.jpg');
    expect(again.pages[0]!.lines.length).toBeGreaterThanOrEqual(3);
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
    // boxes are in the pixels of the image as uploaded, not of the enlarged copy OCR read
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
