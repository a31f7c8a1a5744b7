import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

import type { GreyImage } from '../ppocr/grey-image.js';
import { workerExecArgv } from '../ppocr/worker-options.js';
import { languageData, type ReaderLanguage } from './reader-languages.js';

/** A word the second reader read: its text, its box in the image it was given, its 0..1 confidence. */
export interface SecondWord {
  text: string;
  box: [number, number, number, number];
  confidence: number;
}

/**
 * Runs a second reading somewhere else: an engine worker thread sends its crops to the second
 * reader of the thread that started it (remote-inference.ts), so a process keeps one warm.
 */
export interface SecondReaderRunner {
  readText(image: GreyImage, language: ReaderLanguage): Promise<SecondWord[]>;
}

const require = createRequire(import.meta.url);

/** Languages whose tesseract workers are kept warm at once (a worker holds one language). */
const WARM_LANGUAGES = 2;

/**
 * The reader's thread: tesseract.js (its own WebAssembly worker inside this one per language,
 * each started with the first crop in its language). It runs in a thread of ours
 * rather than tesseract.js's bare worker so that an idle reader does not keep the process alive
 * (this thread is unreferenced while idle) and terminating it ends tesseract's worker too. Crops
 * are sent as binary PGM, which tesseract decodes without an image library. Words come back from
 * tesseract's TSV output (level 5 rows), which is far smaller than its block tree.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createWorker } = require(workerData.tesseract);
// one tesseract worker per language (its data folder is fixed when it starts), the most recently
// used first; a document in a third language ends the one used least recently
const readers = new Map();
async function readerFor(code, folder) {
  let reader = readers.get(code);
  if (reader) readers.delete(code);
  else {
    reader = createWorker(code, 1, { langPath: folder, cacheMethod: 'none', gzip: true }).then(async (r) => {
      // rows of varying size in one column (psm 4): as one uniform block (psm 6) tesseract merged
      // the rows of a receipt's head; the crops carry no resolution, so one is given (else it
      // warns on each and guesses 70 dpi)
      await r.setParameters({ tessedit_pageseg_mode: '4', user_defined_dpi: '300' });
      return r;
    });
    reader.catch(() => readers.delete(code));
  }
  readers.set(code, reader);
  while (readers.size > workerData.warm) {
    const [oldest, stale] = readers.entries().next().value;
    readers.delete(oldest);
    stale.then((r) => r.terminate()).catch(() => undefined);
  }
  return reader;
}
function wordsOf(tsv) {
  const words = [];
  for (const row of tsv.split('\\n')) {
    const cells = row.split('\\t');
    if (cells[0] !== '5' || cells.length < 12) continue;
    const text = cells.slice(11).join('\\t').trim();
    if (!text) continue;
    const left = Number(cells[6]), top = Number(cells[7]);
    words.push({ text, box: [left, top, left + Number(cells[8]), top + Number(cells[9])], confidence: Math.max(0, Number(cells[10])) / 100 });
  }
  return words;
}
parentPort.on('message', async (msg) => {
  if (msg.type === 'close') {
    for (const reader of readers.values()) await reader.then((r) => r.terminate()).catch(() => undefined);
    readers.clear();
    parentPort.postMessage({ type: 'closed' });
    return;
  }
  try {
    const r = await readerFor(msg.code, msg.folder);
    const header = Buffer.from('P5\\n' + msg.width + ' ' + msg.height + '\\n255\\n');
    const image = Buffer.concat([header, Buffer.from(msg.pixels.buffer, msg.pixels.byteOffset, msg.pixels.byteLength)]);
    const { data } = await r.recognize(image, {}, { text: false, blocks: false, tsv: true });
    parentPort.postMessage({ id: msg.id, words: wordsOf(data.tsv || '') });
  } catch (error) {
    parentPort.postMessage({ id: msg.id, error: String(error && error.message ? error.message : error) });
  }
});
`;

interface Reply {
  id?: number;
  type?: string;
  words?: SecondWord[];
  error?: string;
}

/**
 * The second reader: one tesseract worker, started on the first crop a scan sends (a process that
 * reads only digital PDFs never starts it), kept warm for the next documents and stopped with the
 * OCR workers (terminateOcr). Its crops are read one after another: it is one thread beside the
 * PP-OCR workers, and only a page's doubtful rows go to it.
 */
class SecondReaderPool implements SecondReaderRunner {
  private worker: Worker | null = null;
  private readonly pending = new Map<
    number,
    { resolve: (w: SecondWord[]) => void; reject: (e: Error) => void }
  >();
  private nextId = 0;
  private runner: SecondReaderRunner | null = null;
  /** Readers started since the process started: evidence of whether the second reader ran at all. */
  starts = 0;

  /** Sends this thread's second readings to `runner` instead of starting a reader of its own. */
  runElsewhere(runner: SecondReaderRunner): void {
    this.runner = runner;
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: workerExecArgv(),
      workerData: { tesseract: require.resolve('tesseract.js'), warm: WARM_LANGUAGES },
    });
    worker.on('message', (msg: Reply) => {
      if (msg.id === undefined) return;
      const waiting = this.pending.get(msg.id);
      if (!waiting) return;
      this.pending.delete(msg.id);
      if (this.pending.size === 0) worker.unref();
      if (msg.error !== undefined) waiting.reject(new Error(`second reading failed: ${msg.error}`));
      else waiting.resolve(msg.words ?? []);
    });
    const stop = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', () => stop(new Error('the second reader stopped')));
    worker.unref();
    this.starts++;
    return worker;
  }

  /** The words of a grey image (a crop of a page) read in `language`. */
  readText(image: GreyImage, language: ReaderLanguage): Promise<SecondWord[]> {
    if (this.runner) return this.runner.readText(image, language);
    this.worker ??= this.start();
    const worker = this.worker;
    const { code, folder } = languageData(language);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({
        id,
        code,
        folder,
        pixels: image.data,
        width: image.width,
        height: image.height,
      });
    });
  }

  async terminate(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      worker.on('message', (msg: Reply) => {
        if (msg.type !== 'closed') return;
        clearTimeout(timer);
        resolve();
      });
      worker.postMessage({ type: 'close' });
    });
    await worker.terminate();
  }
}

export const secondReaderPool = new SecondReaderPool();

/** How many second readers this process has started (0 while only digital documents were read). */
export function secondReaderStarts(): number {
  return secondReaderPool.starts;
}
