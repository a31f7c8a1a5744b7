/**
 * The seeded invoice corpus: document `index` of seed `seed` is always the same invoice (its own
 * random stream, so it does not depend on how many documents are asked for). Layouts and languages
 * take turns, so every layout and every language appears in any run of their count or more.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { CONTENT_TYPES, type GeneratedDocument } from '../document.js';
import { COUNTRIES } from './countries.js';
import { groundTruth, type InvoiceGroundTruth } from './ground-truth.js';
import { invoiceValues } from './invoice-model.js';
import { LANGUAGES } from './languages.js';
import { LAYOUTS, layOut } from './layouts.js';
import { presentationOf } from './presentation.js';
import { seededRandom } from './random.js';
import { renderPdf } from './render-pdf.js';
import { imagePdf, jpegToPng, scanPage, scanSettings } from './render-scan.js';

export interface CorpusOptions {
  seed: number | string;
  /** Share of documents delivered as scans (images or image-only PDFs), 0..1. Default 0.5. */
  scannedShare?: number;
  /** Share of documents carrying one seeded arithmetic inconsistency, 0..1. Default 0 (off). */
  inconsistentShare?: number;
}

export interface CorpusDocument extends GeneratedDocument {
  /** Base name shared by the document and its ground truth, e.g. "invoice-0007". */
  name: string;
  groundTruth: InvoiceGroundTruth;
}

const EXTENSIONS = { pdf: 'pdf', jpeg: 'jpg', png: 'png' } as const;

/** One invoice of the corpus. */
export async function corpusDocument(
  index: number,
  options: CorpusOptions,
): Promise<CorpusDocument> {
  const root = seededRandom(`${options.seed}`);
  // Turn order of layouts and languages differs per seed but still visits every one.
  const layoutOffset = root.int(0, LAYOUTS.length - 1);
  const languageOffset = root.int(0, LANGUAGES.length - 1);
  const random = seededRandom(`${options.seed}:${index}`);
  const layout = LAYOUTS[(index + layoutOffset) % LAYOUTS.length] ?? LAYOUTS[0];
  const language = LANGUAGES[(index + languageOffset) % LANGUAGES.length] ?? 'en';
  if (!layout) throw new Error('no layouts');
  const country = random.pick(COUNTRIES.filter((c) => c.language === language));
  const scanned = random.fork('scan?').chance(options.scannedShare ?? 0.5);
  const inconsistent = random.fork('inconsistent?').chance(options.inconsistentShare ?? 0);

  const values = invoiceValues(random.fork('values'), { country, inconsistent });
  const text = presentationOf(random.fork('presentation'), values);
  const { pages, multiLineRows } = layOut(layout, values, text, random.fork('layout'));
  const name = `invoice-${String(index + 1).padStart(4, '0')}`;

  let bytes: Uint8Array;
  let format: 'pdf' | 'jpeg' | 'png' = 'pdf';
  let settings = null;
  if (!scanned) bytes = await renderPdf(pages);
  else {
    const scanRandom = random.fork('scan');
    settings = scanSettings(scanRandom);
    const scans: Uint8Array[] = [];
    for (const page of pages) scans.push(await scanPage(page, settings, scanRandom));
    const roll = scanRandom.next();
    if (scans.length === 1 && roll < 0.4) {
      format = 'jpeg';
      bytes = scans[0] as Uint8Array;
    } else if (scans.length === 1 && roll < 0.5) {
      format = 'png';
      bytes = await jpegToPng(scans[0] as Uint8Array);
    } else bytes = await imagePdf(scans);
  }
  const extension = EXTENSIONS[format];
  return {
    name,
    bytes,
    fileName: `${name}.${extension}`,
    contentType: CONTENT_TYPES[format],
    groundTruth: groundTruth({
      values,
      text,
      layout: layout.id,
      vendorPosition: layout.vendorPosition,
      pages: pages.length,
      multiLine: multiLineRows > 0,
      scan: settings,
      format,
    }),
  };
}

/** The first `count` invoices of a seed, one at a time (scans are large: keep only what you need). */
export async function* generateCorpus(
  count: number,
  options: CorpusOptions,
): AsyncGenerator<CorpusDocument> {
  for (let index = 0; index < count; index++) yield await corpusDocument(index, options);
}

export interface WrittenCorpus {
  directory: string;
  documents: number;
  scanned: number;
  pages: number;
}

/** Writes `<name>.<ext>` and `<name>.gt.json` for each document into a directory. */
export async function writeCorpus(
  directory: string,
  count: number,
  options: CorpusOptions,
): Promise<WrittenCorpus> {
  await mkdir(directory, { recursive: true });
  const written: WrittenCorpus = { directory, documents: 0, scanned: 0, pages: 0 };
  for await (const document of generateCorpus(count, options)) {
    await writeFile(path.join(directory, document.fileName), document.bytes);
    await writeFile(
      path.join(directory, `${document.name}.gt.json`),
      `${JSON.stringify(document.groundTruth, null, 2)}\n`,
    );
    written.documents++;
    written.pages += document.groundTruth.meta.pages;
    if (document.groundTruth.meta.scanned) written.scanned++;
  }
  return written;
}
