import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

import { loadCharset, modelFiles, type Charset } from './models.js';
import { type ModelKind, type PreparedIn, prepareModels } from './prepare-models.js';
import { workerExecArgv } from './worker-options.js';

/**
 * Runs the PP-OCR models in worker threads, so a page's lines are recognised on every core and the
 * event loop of the process (the server's, when it extracts in-process) stays free. Each worker
 * loads a model the first time it is asked to run it, on one inference thread, and keeps it for
 * the next documents; a process that only reads digital PDFs never loads one.
 */

export function ocrPoolSize(): number {
  const fromEnv = Number.parseInt(process.env.OCR_WORKERS ?? '', 10);
  if (Number.isFinite(fromEnv) && fromEnv > 0) return fromEnv;
  // One single-threaded worker per core, at most two: each holds ~100 MB of models and buffers.
  return Math.max(1, Math.min(2, os.availableParallelism()));
}

const require = createRequire(import.meta.url);

/**
 * The worker: one lazily created session per model. Recognition and the direction check run on one
 * intra-op thread (the page's rows are spread over the workers instead); the detector, one run per
 * page that everything else waits for, runs on as many threads as the pool has workers (on two
 * cores a receipt's detection took 129 ms on one thread, 95 on two). Recognition answers
 * only the best two allowed classes (blank and Latin characters) and their probabilities per output
 * step, which is all greedy CTC decoding and a glyph's second reading need, and a few hundred times
 * less to post back than the scores.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const ort = require(workerData.runtime);
const sessions = {};
function session(kind) {
  sessions[kind] ??= ort.InferenceSession.create(workerData.models[kind], {
    intraOpNumThreads: kind === 'detector' ? workerData.detectorThreads : 1,
    // threads that spin when idle would take the core the other worker recognises rows on
    extra: { session: { intra_op: { allow_spinning: '0' } } },
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  }).then((s) => {
    // the session holds its own copy of a model handed over as bytes
    workerData.models[kind] = null;
    parentPort.postMessage({ type: 'loaded', kind });
    return s;
  });
  return sessions[kind];
}
// the allowed classes' indexes: a few hundred of the recogniser's thousands, so each step's
// best two are found without visiting the classes the mask leaves out
let allowedIndexes = null;
function allowedClasses() {
  if (!allowedIndexes) {
    const list = [];
    workerData.allowed.forEach((on, c) => {
      if (on) list.push(c);
    });
    allowedIndexes = Int32Array.from(list);
  }
  return allowedIndexes;
}
async function infer(kind, pixels, dims) {
  const s = await session(kind);
  const input = new ort.Tensor('float32', pixels, dims);
  const outputs = await s.run({ [s.inputNames[0]]: input });
  input.dispose?.();
  return outputs[s.outputNames[0]];
}
async function run(msg) {
  if (msg.kind === 'detector') {
    const out = await infer('detector', msg.pixels, [1, 3, msg.height, msg.width]);
    const map = new Float32Array(out.data);
    out.dispose?.();
    return [{ map }, [map.buffer]];
  }
  if (msg.kind === 'direction') {
    const out = await infer('direction', msg.pixels, [msg.count, 3, 48, msg.width]);
    const scores = new Float32Array(out.data);
    out.dispose?.();
    return [{ scores }, [scores.buffer]];
  }
  const out = await infer('recognizer', msg.pixels, [msg.count, 3, 48, msg.width]);
  const [count, steps, classes] = out.dims;
  const data = out.data;
  const candidates = allowedClasses();
  const best = new Int32Array(count * steps);
  const probability = new Float32Array(count * steps);
  const second = new Int32Array(count * steps);
  const secondProbability = new Float32Array(count * steps);
  const space = new Float32Array(count * steps);
  for (let t = 0; t < count * steps; t++) {
    space[t] = data[t * classes + classes - 1];
    let top = 0;
    let p = -1;
    let next = 0;
    let q = -1;
    const at = t * classes;
    for (let k = 0; k < candidates.length; k++) {
      const c = candidates[k];
      const v = data[at + c];
      if (v > p) {
        next = top;
        q = p;
        p = v;
        top = c;
      } else if (v > q) {
        q = v;
        next = c;
      }
    }
    best[t] = top;
    probability[t] = p;
    second[t] = next;
    secondProbability[t] = Math.max(0, q);
  }
  out.dispose?.();
  return [
    { best, probability, second, secondProbability, space, steps },
    [best.buffer, probability.buffer, second.buffer, secondProbability.buffer, space.buffer],
  ];
}
parentPort.on('message', async (msg) => {
  if (msg.type === 'close') {
    for (const s of Object.values(sessions)) await (await s.catch(() => null))?.release().catch(() => undefined);
    parentPort.postMessage({ type: 'closed' });
    return;
  }
  try {
    const [result, transfer] = await run(msg);
    parentPort.postMessage({ id: msg.id, ...result }, transfer);
  } catch (error) {
    parentPort.postMessage({ id: msg.id, error: String(error && error.message ? error.message : error) });
  }
});
`;

export interface StepOutput {
  /** Best allowed class per output step, `steps` per line. */
  best: Int32Array;
  probability: Float32Array;
  /** The runner-up allowed class per step and its probability: what a doubtful glyph may also be. */
  second: Int32Array;
  secondProbability: Float32Array;
  /** Probability of the space class per step: the model's own doubt about a space it did not read. */
  space: Float32Array;
  steps: number;
}

export type Reply = { id?: number; type?: string; kind?: ModelKind; error?: string } & Record<
  string,
  unknown
>;

/**
 * Runs the models somewhere else: the engine's worker threads send their pages' pixels to the OCR
 * workers of the thread that started them (remote-inference.ts), so a process holds one set of
 * models however many engine threads read scans.
 */
export interface InferenceRunner {
  send(message: Record<string, unknown>, pixels: Float32Array | Uint8Array): Promise<Reply>;
}

interface Pending {
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
  /** The job's share of the worker's load (its input's size). */
  work: number;
}

class InferenceWorker {
  private nextId = 0;
  readonly pending = new Map<number, Pending>();
  /**
   * The input size of the jobs out on this worker and of those it was chosen for that run() has not
   * posted yet. A page's rows are handed out in one burst before the first is posted, so the choice
   * must count them at once, or every row of the burst would go to the worker that looked idle
   * first; and a long row costs more than a short one, so rows count by their pixels.
   */
  load = 0;
  alive = true;

  constructor(
    private readonly worker: Worker,
    onLoaded: (kind: ModelKind) => void,
  ) {
    worker.on('message', (msg: Reply) => {
      if (msg.type === 'loaded' && msg.kind) onLoaded(msg.kind);
      if (msg.id === undefined) return;
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      this.load -= p.work;
      if (this.pending.size === 0) worker.unref();
      if (msg.error !== undefined) p.reject(new Error(`OCR failed: ${msg.error}`));
      else p.resolve(msg);
    });
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', () => this.stop(new Error('the OCR worker stopped')));
    // an idle worker must not keep the process alive (run() holds it while a job is out)
    worker.unref();
  }

  /** Counts a job of `work` the pool chose this worker for; run() then posts it. */
  reserve(work: number): this {
    this.load += work;
    return this;
  }

  run(message: Record<string, unknown>, transfer: ArrayBuffer[], work: number): Promise<Reply> {
    if (!this.alive) {
      this.load -= work;
      return Promise.reject(new Error('the OCR worker stopped'));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, work });
      this.worker.ref();
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }

  private stop(error: Error): void {
    this.alive = false;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
    this.load = 0;
    this.worker.unref();
  }

  async close(): Promise<void> {
    if (this.alive) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2000);
        this.worker.on('message', (msg: Reply) => {
          if (msg.type !== 'closed') return;
          clearTimeout(timer);
          resolve();
        });
        this.worker.postMessage({ type: 'close' });
      });
    }
    await this.worker.terminate();
  }
}

class InferencePool implements InferenceRunner {
  private workers: InferenceWorker[] = [];
  /** Set in an engine worker thread: the models run in the OCR workers of the thread that owns them. */
  private runner: InferenceRunner | null = null;
  private charsetCache: Charset | null = null;
  /** The models for workers still to start; dropped once the pool is full. */
  private models: Promise<Record<ModelKind, string | Uint8Array>> | null = null;
  /** Where the models of the pool's workers were prepared (null before the first OCR). */
  preparedIn: PreparedIn | null = null;
  /**
   * Models loaded by workers since the process started, per kind: evidence of whether OCR ran at
   * all, and (each worker loading a model on its first job of that kind) of how many workers
   * shared the work.
   */
  readonly loads: Record<ModelKind, number> = { detector: 0, recognizer: 0, direction: 0 };

  get charset(): Charset {
    this.charsetCache ??= loadCharset(modelFiles().dictionary);
    return this.charsetCache;
  }

  /**
   * The least busy live worker, starting another while the pool is below its size, with the job
   * counted against it at once (see InferenceWorker.load).
   */
  private async pick(work: number): Promise<InferenceWorker> {
    this.workers = this.workers.filter((w) => w.alive);
    const idle = this.workers.find((w) => w.load === 0);
    if (idle) return idle.reserve(work);
    if (this.workers.length < ocrPoolSize()) {
      this.models ??= prepareModels(modelFiles()).then(
        (prepared) => {
          this.preparedIn = prepared.preparedIn;
          return prepared.models;
        },
        (error: unknown) => {
          // models missing or unreadable: the next document tries again once they are back
          this.models = null;
          throw error;
        },
      );
      const models = this.models;
      const ready = await models;
      // another caller may have filled the pool while the models were prepared
      this.workers = this.workers.filter((w) => w.alive);
      if (this.workers.length >= ocrPoolSize()) return this.leastBusy().reserve(work);
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        execArgv: workerExecArgv(),
        workerData: {
          runtime: require.resolve('onnxruntime-node'),
          models: ready,
          detectorThreads: ocrPoolSize(),
          allowed: this.charset.allowed,
        },
      });
      const started = new InferenceWorker(worker, (kind) => this.loads[kind]++);
      this.workers.push(started);
      if (this.workers.length >= ocrPoolSize() && this.models === models) this.models = null;
      return started.reserve(work);
    }
    return this.leastBusy().reserve(work);
  }

  private leastBusy(): InferenceWorker {
    return this.workers.reduce((a, b) => (b.load < a.load ? b : a));
  }

  /** Sends this thread's model runs to `runner` instead of starting OCR workers of its own. */
  runElsewhere(runner: InferenceRunner): void {
    this.runner = runner;
  }

  /** Runs a message on the least busy worker, its pixels handed over rather than copied. */
  async send(message: Record<string, unknown>, pixels: Float32Array | Uint8Array): Promise<Reply> {
    if (this.runner) return this.runner.send(message, pixels);
    const work = pixels.length;
    return (await this.pick(work)).run(message, [pixels.buffer as ArrayBuffer], work);
  }

  /** The detector's probability map (one value per input pixel) for a [1, 3, height, width] input. */
  async detect(pixels: Float32Array, height: number, width: number): Promise<Float32Array> {
    const reply = await this.send({ kind: 'detector', pixels, height, width }, pixels);
    return reply.map as Float32Array;
  }

  /** Best class and probability per step for `count` lines of one width ([count, 3, 48, width]). */
  async recognize(pixels: Float32Array, count: number, width: number): Promise<StepOutput> {
    const reply = await this.send({ kind: 'recognizer', pixels, count, width }, pixels);
    return {
      best: reply.best as Int32Array,
      probability: reply.probability as Float32Array,
      second: reply.second as Int32Array,
      secondProbability: reply.secondProbability as Float32Array,
      space: reply.space as Float32Array,
      steps: reply.steps as number,
    };
  }

  /** Probabilities of [upright, upside down] per line for `count` lines ([count, 3, 48, width]). */
  async direction(pixels: Float32Array, count: number, width: number): Promise<Float32Array> {
    const reply = await this.send({ kind: 'direction', pixels, count, width }, pixels);
    return reply.scores as Float32Array;
  }

  async terminate(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    this.charsetCache = null;
    this.models = null;
    await Promise.all(workers.map((w) => w.close().catch(() => undefined)));
  }
}

export const inferencePool = new InferencePool();

/**
 * How many OCR models this process has loaded so far, of one kind or of all. Stays 0 while only
 * documents with a text layer (and Word files) are read; each worker that recognised rows loaded
 * the recogniser once.
 */
export function ocrModelLoads(kind?: ModelKind): number {
  const { loads } = inferencePool;
  return kind ? loads[kind] : loads.detector + loads.recognizer + loads.direction;
}

/**
 * Where this process rewrote the OCR models for its workers: 'worker' when the package runs
 * compiled (the calling thread, the server's event loop, stays free), 'calling thread' when it
 * runs from its TypeScript sources; null before the first OCR.
 */
export function ocrModelsPreparedIn(): PreparedIn | null {
  return inferencePool.preparedIn;
}
