/**
 * Extraction speed and memory benchmark. Prints:
 *  1. one-page digital invoice PDF: read + extract time after warm-up (median, p95);
 *  2. OCR time per image against a native `tesseract` run on the same images (when the binary is
 *     installed: `apt-get install -y tesseract-ocr`), as a ratio;
 *  3. an A4 invoice scanned at 150 dpi: read time after warm-up (median of 5);
 *  4. RSS over N documents in one process (default 500, every tenth an OCR'd image), to show whether
 *     memory stays flat.
 *
 *   npx tsx bench/extraction-speed.ts [--images <folder of .jpg/.png>] [--ocr-count 60] [--documents 500]
 *     [--ocr-every 10] [--only pdf,ocr,a4,memory]
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { PRESETS } from '@parser/contracts';
import {
  extractBySchema,
  ocrPoolSize,
  readDocument,
  renderPageImage,
  secondReaderStarts,
  terminateOcr,
} from '@parser/extraction';
import { invoicePdf as generatedInvoicePdf } from '@parser/test-documents';
import PDFDocument from 'pdfkit';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const imagesDir = option('images', path.resolve('../shared/datasets/sroie-dev'));
const ocrCount = Number(option('ocr-count', '60'));
const documentCount = Number(option('documents', '500'));
const ocrEvery = Number(option('ocr-every', '10'));
const invoiceSchema = { fields: PRESETS.invoice.fields, tables: PRESETS.invoice.tables };
const receiptSchema = { fields: PRESETS.receipt.fields, tables: PRESETS.receipt.tables };

/** A one-page invoice with header fields and a line-items table, numbered so each file differs. */
function invoicePdf(n: number): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.fontSize(18).text('Northwind Supplies Ltd', 50, 50);
    doc.fontSize(10).text('12 Harbour Road, Leeds LS1 4AB', 50, 75);
    doc.text(`Invoice No: INV-${10_000 + n}`, 380, 50).text('Invoice Date: 14/03/2025', 380, 65);
    doc.text('Due Date: 13/04/2025', 380, 80).text(`PO Number: PO-${500 + n}`, 380, 95);
    doc.text('Bill To: Contoso Retail plc', 50, 130);
    const columns = [50, 300, 370, 460];
    ['Description', 'Qty', 'Unit Price', 'Amount'].forEach((label, i) =>
      doc.text(label, columns[i], 180),
    );
    let y = 200;
    let subtotal = 0;
    for (let row = 0; row < 8; row++) {
      const qty = (row % 4) + 1;
      const price = 12.5 + row * 3 + (n % 7);
      subtotal += qty * price;
      [
        `Item ${row + 1} for order ${n}`,
        String(qty),
        price.toFixed(2),
        (qty * price).toFixed(2),
      ].forEach((value, i) => doc.text(value, columns[i], y));
      y += 18;
    }
    const tax = subtotal * 0.2;
    doc
      .text(`Subtotal: ${subtotal.toFixed(2)}`, 370, y + 20)
      .text(`VAT: ${tax.toFixed(2)}`, 370, y + 35);
    doc.text(`Total: GBP ${(subtotal + tax).toFixed(2)}`, 370, y + 50);
    doc.end();
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function digitalPdfSpeed(): Promise<void> {
  const pdf = await invoicePdf(1);
  for (let i = 0; i < 10; i++)
    extractBySchema(await readDocument(pdf, 'invoice.pdf'), invoiceSchema);
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    extractBySchema(await readDocument(pdf, 'invoice.pdf'), invoiceSchema);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `One-page digital PDF, read + extract (50 runs after warm-up): median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms (target < 100 ms)`,
  );
}

/**
 * Engine OCR (decoding + PP-OCR with warm workers) against a native `tesseract` run on the same
 * image file, image by image in turn, so that load from other processes weighs on both alike.
 * Native runs as a user would run it: Debian's eng model, default page segmentation, the image at
 * its own size, one thread (OMP_THREAD_LIMIT=1). The engine's CPU time (all its threads) is printed
 * beside its wall time.
 */
async function ocrAgainstNative(): Promise<void> {
  let files: string[];
  try {
    files = (await readdir(imagesDir))
      .filter((file) => /\.(jpe?g|png|tiff?)$/i.test(file))
      .sort()
      .slice(0, ocrCount);
  } catch {
    console.log(`OCR: no image folder at ${imagesDir} (pass --images <folder>)`);
    return;
  }
  if (files.length === 0) return;
  const hasNative = spawnSync('tesseract', ['--version']).status === 0;
  await readDocument(await readFile(path.join(imagesDir, files[0]!)), files[0]); // warm the workers
  let engineTotal = 0;
  let engineCpu = 0;
  let nativeTotal = 0;
  let nativeCpu = 0;
  const ratios: number[] = [];
  for (const file of files) {
    const image = await readFile(path.join(imagesDir, file));
    const cpuStart = process.cpuUsage();
    const engineStart = performance.now();
    await readDocument(image, file);
    const engineMs = performance.now() - engineStart;
    const cpu = process.cpuUsage(cpuStart);
    engineCpu += (cpu.user + cpu.system) / 1000;
    engineTotal += engineMs;
    if (!hasNative) continue;
    const nativeStart = performance.now();
    // bash's `time` gives the child's CPU (user and system seconds) on stderr
    const timed = spawnSync(
      'bash',
      [
        '-c',
        'TIMEFORMAT="%3U %3S"; time tesseract "$0" stdout >/dev/null 2>&1',
        path.join(imagesDir, file),
      ],
      { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, encoding: 'utf8' },
    );
    const nativeMs = performance.now() - nativeStart;
    nativeTotal += nativeMs;
    const [user = 0, system = 0] = timed.stderr.trim().split(/\s+/).map(Number);
    nativeCpu += (user + system) * 1000;
    ratios.push(engineMs / nativeMs);
  }
  const engineMs = engineTotal / files.length;
  // both readers are warm now: the PP-OCR workers and, for the rows it re-read, the second reader
  console.log(
    `RSS with the OCR workers and the second reader warm (${secondReaderStarts()} second reader started): ${mb(process.memoryUsage().rss)}`,
  );
  console.log(
    `OCR through the engine (PP-OCR, ${ocrPoolSize()} warm workers): ${engineMs.toFixed(0)} ms per image (${(engineCpu / files.length).toFixed(0)} ms CPU) over ${files.length} images`,
  );
  if (!hasNative) {
    console.log(
      'Native tesseract: not installed (apt-get install -y tesseract-ocr), no ratio printed',
    );
    return;
  }
  ratios.sort((a, b) => a - b);
  console.log(
    `Native tesseract (eng, default page segmentation, one thread, same image files): ${(nativeTotal / files.length).toFixed(0)} ms per image (${(nativeCpu / files.length).toFixed(0)} ms CPU); engine/native = ${(engineTotal / nativeTotal).toFixed(2)} over all, median per image ${percentile(ratios, 0.5).toFixed(2)}, p90 ${percentile(ratios, 0.9).toFixed(2)}; CPU ${(engineCpu / nativeCpu).toFixed(2)} (targets <= 1.2 each)`,
  );
}

/**
 * An A4 invoice with a dozen line items, rendered at 150 dpi (1240 px wide) as a JPEG: what an
 * office scanner sends. Read (OCR) after warm-up, median of five runs.
 */
async function a4ScanSpeed(): Promise<void> {
  const lineItems = Array.from({ length: 12 }, (_, i) => ({
    description: `Office supplies item ${i + 1}, carton of ${10 + i}`,
    qty: (i % 4) + 1,
    unitPrice: 3.5 + i * 2.25,
  }));
  const { bytes } = await generatedInvoicePdf({ lineItems });
  const scan = await renderPageImage(bytes, 1, Math.round(8.27 * 150));
  if (!scan) throw new Error('the invoice did not render');
  await readDocument(scan.bytes, 'scan.jpg');
  const times: number[] = [];
  let words = 0;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const doc = await readDocument(scan.bytes, 'scan.jpg');
    times.push(performance.now() - start);
    words = doc.pages[0]!.words.length;
  }
  times.sort((a, b) => a - b);
  console.log(
    `A4 invoice scanned at 150 dpi (${scan.width}x${scan.height} JPEG, ${words} words read): median ${percentile(times, 0.5).toFixed(0)} ms, slowest ${times[times.length - 1]!.toFixed(0)} ms (target <= 1500 ms)`,
  );
}

/**
 * RSS over many documents read and extracted in one process: one-page digital PDFs, with every
 * `--ocr-every`-th document an image from the image folder (so the OCR pool's memory shows too).
 */
async function memoryOverDocuments(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  let images: string[] = [];
  if (ocrEvery > 0) {
    images = await readdir(imagesDir)
      .then((all) => all.filter((file) => /\.(jpe?g|png)$/i.test(file)).sort())
      .catch(() => []);
  }
  const samples: string[] = [];
  const start = process.memoryUsage().rss;
  let peak = start;
  let ocrDocuments = 0;
  for (let n = 1; n <= documentCount; n++) {
    if (images.length && n % ocrEvery === 0) {
      const file = images[ocrDocuments++ % images.length]!;
      const doc = await readDocument(await readFile(path.join(imagesDir, file)), file);
      extractBySchema(doc, receiptSchema);
    } else {
      extractBySchema(await readDocument(await invoicePdf(n), `invoice-${n}.pdf`), invoiceSchema);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    if (n % 100 === 0 || n === documentCount) {
      gc?.();
      samples.push(`${n}: ${mb(process.memoryUsage().rss)}`);
    }
  }
  console.log(
    `RSS over ${documentCount} documents (${documentCount - ocrDocuments} one-page PDFs, ${ocrDocuments} OCR'd images; start ${mb(start)}, peak ${mb(peak)}${gc ? ', after GC at each sample' : ''}): ${samples.join(', ')}`,
  );
}

const sections = option('only', 'pdf,ocr,a4,memory').split(',');
if (sections.includes('pdf')) await digitalPdfSpeed();
if (sections.includes('ocr')) await ocrAgainstNative();
if (sections.includes('a4')) await a4ScanSpeed();
if (sections.includes('memory')) await memoryOverDocuments();
await terminateOcr();
