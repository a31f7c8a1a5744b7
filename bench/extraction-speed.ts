/**
 * Extraction speed and memory benchmark. Prints:
 *  1. one-page digital invoice PDF: read + extract time after warm-up (median, p95);
 *  2. OCR cost per image against a native `tesseract` run on the same images (when the binary is
 *     installed: `apt-get install -y tesseract-ocr`), as a ratio;
 *  3. RSS over N documents in one process (default 500), to show whether memory stays flat.
 *
 *   npx tsx bench/extraction-speed.ts [--images <folder of .jpg/.png>] [--ocr-count 10] [--documents 500]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { PRESETS } from '@parser/contracts';
import { extractBySchema, readDocument, terminateOcr } from '@parser/extraction';
import PDFDocument from 'pdfkit';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const imagesDir = option('images', path.resolve('../shared/datasets/sroie-dev'));
const ocrCount = Number(option('ocr-count', '10'));
const documentCount = Number(option('documents', '500'));
const invoiceSchema = { fields: PRESETS.invoice.fields, tables: PRESETS.invoice.tables };

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

async function ocrAgainstNative(): Promise<void> {
  let files: string[];
  try {
    files = (await readdir(imagesDir))
      .filter((file) => /\.(jpe?g|png)$/i.test(file))
      .sort()
      .slice(0, ocrCount);
  } catch {
    console.log(`OCR: no image folder at ${imagesDir} (pass --images <folder>)`);
    return;
  }
  if (files.length === 0) return;
  const images = await Promise.all(files.map((file) => readFile(path.join(imagesDir, file))));
  await readDocument(images[0]!, files[0]); // start the worker pool
  const engineStart = performance.now();
  for (const [i, image] of images.entries()) await readDocument(image, files[i]);
  const engineMs = (performance.now() - engineStart) / images.length;
  console.log(
    `OCR through the engine (preprocessing + tesseract.js, warm pool): ${engineMs.toFixed(0)} ms per image over ${images.length} images`,
  );

  if (spawnSync('tesseract', ['--version']).status !== 0) {
    console.log(
      'Native tesseract: not installed (apt-get install -y tesseract-ocr), no ratio printed',
    );
    return;
  }
  const nativeStart = performance.now();
  for (const file of files) {
    execFileSync('tesseract', [path.join(imagesDir, file), 'stdout', '--psm', '4'], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
  }
  const nativeMs = (performance.now() - nativeStart) / files.length;
  console.log(
    `Native tesseract 5 (--psm 4, one thread): ${nativeMs.toFixed(0)} ms per image; engine/native = ${(engineMs / nativeMs).toFixed(2)} (target <= 1.5)`,
  );
}

async function memoryOverDocuments(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const samples: string[] = [];
  const start = process.memoryUsage().rss;
  let peak = start;
  for (let n = 1; n <= documentCount; n++) {
    extractBySchema(await readDocument(await invoicePdf(n), `invoice-${n}.pdf`), invoiceSchema);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (n % 100 === 0 || n === documentCount) {
      gc?.();
      samples.push(`${n}: ${mb(process.memoryUsage().rss)}`);
    }
  }
  console.log(
    `RSS over ${documentCount} one-page PDFs (start ${mb(start)}, peak ${mb(peak)}${gc ? ', after GC at each sample' : ''}): ${samples.join(', ')}`,
  );
}

await digitalPdfSpeed();
await ocrAgainstNative();
await memoryOverDocuments();
await terminateOcr();
