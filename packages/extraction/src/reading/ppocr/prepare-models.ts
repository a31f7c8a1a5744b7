import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

import type { ModelFiles } from './models.js';
import { simplifyModel } from './simplify-model.js';
import { workerExecArgv } from './worker-options.js';

export type ModelKind = 'detector' | 'recognizer' | 'direction';

/** Where the recogniser's and direction classifier's graphs were rewritten, once per pool. */
export type PreparedIn = 'worker' | 'calling thread';

export interface PreparedModels {
  /** The detector as its file (its graph has nothing to simplify), the others as rewritten bytes. */
  models: Record<ModelKind, string | Uint8Array>;
  preparedIn: PreparedIn;
}

const simplifierUrl = new URL('./simplify-model.js', import.meta.url);

/**
 * Rewriting the two graphs takes a few hundred milliseconds of CPU: in the server that would
 * stall every request for as long, the first time a document needs OCR. A short-lived worker
 * does it when this package runs compiled; with the TypeScript sources (tests, a TypeScript
 * loader) the worker could not import the rewriter, and the calling thread does it.
 */
const PREPARE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
import(workerData.simplifier).then(({ simplifyModel }) => {
  const recognizer = simplifyModel(readFileSync(workerData.recognizer)).bytes;
  const direction = simplifyModel(readFileSync(workerData.direction)).bytes;
  parentPort.postMessage({ recognizer, direction }, [recognizer.buffer, direction.buffer]);
}, (error) => parentPort.postMessage({ error: String(error && error.message ? error.message : error) }));
`;

function prepareInWorker(files: ModelFiles): Promise<PreparedModels> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PREPARE_SOURCE, {
      eval: true,
      execArgv: workerExecArgv(),
      workerData: {
        simplifier: simplifierUrl.href,
        recognizer: files.recognizer,
        direction: files.direction,
      },
    });
    worker.once(
      'message',
      (reply: { recognizer?: Uint8Array; direction?: Uint8Array; error?: string }) => {
        void worker.terminate();
        if (reply.recognizer && reply.direction) {
          resolve({
            models: {
              detector: files.detector,
              recognizer: reply.recognizer,
              direction: reply.direction,
            },
            preparedIn: 'worker',
          });
        } else {
          reject(new Error(`The OCR models could not be prepared: ${reply.error ?? 'no answer'}`));
        }
      },
    );
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('The OCR model preparation stopped')));
  });
}

function prepareHere(files: ModelFiles): PreparedModels {
  const simplified = (file: string) => simplifyModel(readFileSync(file)).bytes;
  return {
    models: {
      detector: files.detector,
      recognizer: simplified(files.recognizer),
      direction: simplified(files.direction),
    },
    preparedIn: 'calling thread',
  };
}

/** The models for the pool's workers, rewritten off the calling thread where that is possible. */
export async function prepareModels(files: ModelFiles): Promise<PreparedModels> {
  if (simplifierUrl.protocol !== 'file:' || !existsSync(fileURLToPath(simplifierUrl))) {
    return prepareHere(files);
  }
  try {
    return await prepareInWorker(files);
  } catch {
    // A worker that cannot start or import still leaves OCR working, at the old cost.
    return prepareHere(files);
  }
}
