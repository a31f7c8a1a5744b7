/**
 * The seeded receipt corpus: document `index` of seed `seed` is always the same receipt (its own
 * random stream, so it does not depend on how many documents are asked for). Layouts take turns, so
 * every layout appears in any run of their count or more; the shop's country is drawn per receipt,
 * Malaysian ones most often.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { CONTENT_TYPES, type GeneratedDocument } from '../document.js';
import { pageSize } from '../corpus/page-model.js';
import { seededRandom } from '../corpus/random.js';
import { renderPdf } from '../corpus/render-pdf.js';
import {
  imagePdf,
  jpegToPng,
  scanPage,
  type ScanSettings,
  scanSettings,
} from '../corpus/render-scan.js';
import { pickLocale } from './merchants.js';
import { type ReceiptGroundTruth, receiptGroundTruth } from './receipt-ground-truth.js';
import { layOutReceipt, RECEIPT_LAYOUTS } from './receipt-layouts.js';
import { receiptValues } from './receipt-model.js';
import { receiptTextOf } from './receipt-text.js';

export interface ReceiptCorpusOptions {
  seed: number | string;
  /** Share of documents delivered as scans (images or image-only PDFs), 0..1. Default 0.5. */
  scannedShare?: number;
  /** Share of documents carrying one seeded arithmetic inconsistency, 0..1. Default 0 (off). */
  inconsistentShare?: number;
}

export interface ReceiptDocument extends GeneratedDocument {
  /** Base name shared by the document and its ground truth, e.g. "receipt-0007". */
  name: string;
  groundTruth: ReceiptGroundTruth;
}

const EXTENSIONS = { pdf: 'pdf', jpeg: 'jpg', png: 'png' } as const;

/** One receipt of the corpus. */
export async function receiptDocument(
  index: number,
  options: ReceiptCorpusOptions,
): Promise<ReceiptDocument> {
  // Turn order of layouts differs per seed but still visits every one.
  const layoutOffset = seededRandom(`receipts:${options.seed}`).int(0, RECEIPT_LAYOUTS.length - 1);
  const random = seededRandom(`receipt:${options.seed}:${index}`);
  const layout = RECEIPT_LAYOUTS[(index + layoutOffset) % RECEIPT_LAYOUTS.length];
  if (!layout) throw new Error('no receipt layouts');
  const locale = pickLocale(random.fork('locale'));
  const scanned = random.fork('scan?').chance(options.scannedShare ?? 0.5);
  const inconsistent = random.fork('inconsistent?').chance(options.inconsistentShare ?? 0);

  const values = receiptValues(random.fork('values'), { locale, inconsistent });
  const text = receiptTextOf(random.fork('text'), values);
  const page = layOutReceipt(layout, values, text, random.fork('layout'));
  const name = `receipt-${String(index + 1).padStart(4, '0')}`;

  let bytes: Uint8Array;
  let format: 'pdf' | 'jpeg' | 'png' = 'pdf';
  let settings: ScanSettings | null = null;
  if (!scanned) bytes = await renderPdf([page]);
  else {
    const scanRandom = random.fork('scan');
    // Thermal paper prints grey and fades with age.
    settings = { ...scanSettings(scanRandom), fade: scanRandom.int(10, 45) / 100 };
    const scan = await scanPage(page, settings, scanRandom);
    const roll = scanRandom.next();
    if (roll < 0.4) {
      format = 'jpeg';
      bytes = scan;
    } else if (roll < 0.5) {
      format = 'png';
      bytes = await jpegToPng(scan);
    } else bytes = await imagePdf([scan], [pageSize(page)]);
  }
  return {
    name,
    bytes,
    fileName: `${name}.${EXTENSIONS[format]}`,
    contentType: CONTENT_TYPES[format],
    groundTruth: receiptGroundTruth({
      values,
      text,
      layout: layout.id,
      paperMm: layout.paperMm,
      font: layout.family,
      pages: 1,
      scan: settings,
      format,
    }),
  };
}

/** The first `count` receipts of a seed, one at a time. */
export async function* generateReceipts(
  count: number,
  options: ReceiptCorpusOptions,
): AsyncGenerator<ReceiptDocument> {
  for (let index = 0; index < count; index++) yield await receiptDocument(index, options);
}

export interface WrittenReceipts {
  directory: string;
  documents: number;
  scanned: number;
}

/** Writes `<name>.<ext>` and `<name>.gt.json` for each receipt into a directory. */
export async function writeReceipts(
  directory: string,
  count: number,
  options: ReceiptCorpusOptions,
): Promise<WrittenReceipts> {
  await mkdir(directory, { recursive: true });
  const written: WrittenReceipts = { directory, documents: 0, scanned: 0 };
  for await (const document of generateReceipts(count, options)) {
    await writeFile(path.join(directory, document.fileName), document.bytes);
    await writeFile(
      path.join(directory, `${document.name}.gt.json`),
      `${JSON.stringify(document.groundTruth, null, 2)}\n`,
    );
    written.documents++;
    if (document.groundTruth.meta.scanned) written.scanned++;
  }
  return written;
}
