import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, type Worker as TesseractWorker } from 'tesseract.js';

import type { Word } from '../document.js';
import { releaseLineRecognizer } from './line-recognizer.js';

/** An 8-bit greyscale bitmap, one byte per pixel, rows top to bottom. */
export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

const require = createRequire(import.meta.url);

/**
 * The traineddata ships in an npm package; pointing langPath at it (and disabling the cache) is what
 * keeps tesseract.js from fetching from a CDN or writing eng.traineddata into the working directory.
 */
function resolveLangPath(): string {
  const pkg = require.resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(pkg), '4.0.0_best_int');
}

/**
 * Page segmentation: the default automatic mode (3) splits a page into column blocks and scrambles
 * label/value order. Both 4 ("single column of variable-size text") and 6 ("single uniform block")
 * keep each printed row on one line. Measured on 12 SROIE receipts (upscaled to 1500 px): PSM 4 found
 * 21/24 totals+dates and 86.7% of address words at ~1.1 s/receipt; PSM 6 found 21/24 and 83.9% at
 * ~1.7 s (it struggles with mixed font sizes such as big headers).
 */
const PAGE_SEGMENTATION_MODE = '4';

export function ocrPoolSize(): number {
  const fromEnv = Number.parseInt(process.env.OCR_WORKERS ?? '', 10);
  if (Number.isFinite(fromEnv) && fromEnv > 0) return fromEnv;
  // Each worker is single-threaded WASM holding ~100 MB; two keep a small server responsive.
  return Math.max(1, Math.min(2, os.availableParallelism()));
}

/**
 * Process-wide pool of tesseract workers: created on first use (start-up costs ~0.3 s each), reused
 * across documents, released by terminateOcr().
 */
class OcrPool {
  private readonly idle: TesseractWorker[] = [];
  private readonly all = new Set<Promise<TesseractWorker>>();
  private readonly waiting: ((w: TesseractWorker) => void)[] = [];
  private generation = 0;

  async run<T>(job: (worker: TesseractWorker) => Promise<T>): Promise<T> {
    const generation = this.generation;
    const worker = await this.acquire();
    let healthy = true;
    try {
      return await job(worker);
    } catch (error) {
      // A failed recognize can leave the WASM instance in an unknown state; replace the worker.
      healthy = false;
      throw error;
    } finally {
      if (healthy && generation === this.generation) this.release(worker);
      else void this.discard(worker);
    }
  }

  private async acquire(): Promise<TesseractWorker> {
    const ready = this.idle.pop();
    if (ready) return ready;
    if (this.all.size < ocrPoolSize()) {
      const starting = createWorker('eng', 1 /* LSTM only */, {
        langPath: resolveLangPath(),
        cacheMethod: 'none',
        gzip: true,
      }).then(async (worker) => {
        await worker.setParameters({
          tessedit_pageseg_mode: PAGE_SEGMENTATION_MODE,
          // Keeps runs of spaces out of word text; we position words ourselves.
          preserve_interword_spaces: '0',
          // Tesseract re-reads every doubtful word as white-on-black text. Documents are dark on light,
          // so the retry never wins, yet it cost about a third of the recognition time on receipts.
          tessedit_do_invert: '0',
          // Tesseract prints diagnostics ("Estimating resolution as …") to stderr otherwise.
          debug_file: '/dev/null',
        } as never);
        return worker;
      });
      this.all.add(starting);
      starting.catch(() => this.all.delete(starting));
      const worker = await starting;
      workerPromises.set(worker, starting);
      return worker;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(worker: TesseractWorker): void {
    const next = this.waiting.shift();
    if (next) next(worker);
    else this.idle.push(worker);
  }

  private async discard(worker: TesseractWorker): Promise<void> {
    const p = workerPromises.get(worker);
    if (p) this.all.delete(p);
    await worker.terminate().catch(() => undefined);
    // Someone may be waiting for a free slot that this worker held.
    const next = this.waiting.shift();
    if (next) this.acquire().then(next, () => this.waiting.unshift(next));
  }

  async terminate(): Promise<void> {
    this.generation++;
    const workers = await Promise.allSettled([...this.all]);
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(
      workers.map((r) =>
        r.status === 'fulfilled'
          ? r.value.terminate().then(
              () => undefined,
              () => undefined,
            )
          : Promise.resolve(),
      ),
    );
  }
}

const workerPromises = new WeakMap<TesseractWorker, Promise<TesseractWorker>>();
const pool = new OcrPool();

/**
 * Stops all OCR workers (call on shutdown and in test teardown, or Node keeps running). The pool is
 * re-created on the next OCR call. Jobs still running finish but their workers are not reused.
 */
export async function terminateOcr(): Promise<void> {
  await Promise.all([pool.terminate(), releaseLineRecognizer()]);
}

/**
 * Greyscale bitmaps are handed to tesseract as binary PGM: the header is a few bytes and leptonica
 * reads it directly, where PNG encoding would cost hundreds of milliseconds per page.
 */
function toPgm(image: GreyImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
  return Buffer.concat([header, image.data]);
}

/**
 * Words from tesseract's TSV output: one row per word at level 5, with its box and confidence.
 * TSV is assembled in the WASM module; the nested `blocks` result is built in JavaScript symbol by
 * symbol and cost more than a tenth of the recognition time.
 */
export function wordsFromTsv(tsv: string): Word[] {
  const words: Word[] = [];
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] !== '5') continue;
    const text = cells.slice(11).join('\t').trim();
    if (!text) continue;
    const [left, top, width, height] = cells.slice(6, 10).map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const confidence = Number(cells[10]);
    words.push({
      text,
      box: [left, top, left + width, top + height],
      confidence: Number.isFinite(confidence) ? Math.max(0, Math.min(1, confidence / 100)) : 0,
    });
  }
  return words;
}

/**
 * OCRs one bitmap and returns its words with boxes in the bitmap's pixels and confidence 0..1.
 * Empty words (tesseract emits them for noise) are dropped.
 */
export async function recognizeWords(image: GreyImage): Promise<Word[]> {
  const pgm = toPgm(image);
  const result = await pool.run((worker) =>
    worker.recognize(pgm, {}, { blocks: false, text: false, tsv: true }),
  );
  return wordsFromTsv(result.data.tsv ?? '');
}

/** Page segmentation "single text line": a crop of one printed row, read without layout analysis. */
const SINGLE_LINE_MODE = '7';

/**
 * OCRs small bitmaps that each hold one printed row, on one worker, and returns each one's words
 * (boxes in that bitmap's pixels). The worker goes back to page mode afterwards.
 */
export async function recognizeLines(images: readonly GreyImage[]): Promise<Word[][]> {
  if (images.length === 0) return [];
  return pool.run(async (worker) => {
    await worker.setParameters({ tessedit_pageseg_mode: SINGLE_LINE_MODE } as never);
    try {
      const out: Word[][] = [];
      for (const image of images) {
        if (image.width < 4 || image.height < 4) {
          out.push([]);
          continue;
        }
        const result = await worker.recognize(
          toPgm(image),
          {},
          { blocks: false, text: false, tsv: true },
        );
        out.push(wordsFromTsv(result.data.tsv ?? ''));
      }
      return out;
    } finally {
      await worker.setParameters({ tessedit_pageseg_mode: PAGE_SEGMENTATION_MODE } as never);
    }
  });
}
