import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

import { DocumentReadError } from './errors.js';
import { READING_LIMITS } from './limits.js';

const require = createRequire(import.meta.url);

/**
 * word-extractor builds the text from the file's piece table, and pieces may point at the same
 * bytes any number of times: a small .doc can describe gigabytes of text. It runs in a worker
 * thread with a capped heap, so such a file ends that thread (and is refused), not the server.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const WordExtractor = require(workerData.extractor);
new WordExtractor()
  .extract(Buffer.from(workerData.bytes))
  .then((document) => {
    const body = document.getBody();
    parentPort.postMessage(
      body.length > workerData.maxCharacters ? { tooLong: body.length } : { body },
    );
  })
  .catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

type WorkerAnswer = { body: string } | { tooLong: number } | { error: string };

function tooLarge(detail: string): DocumentReadError {
  return new DocumentReadError('TOO_LARGE', {
    userMessage:
      `The Word document holds more text than the ${READING_LIMITS.maxWordTextCharacters / 1_000_000} ` +
      'million characters a document may have; split it and upload the parts.',
    detail,
  });
}

/**
 * The body text of a legacy .doc (tabs between table cells). Throws DocumentReadError TOO_LARGE
 * past the limits, and rethrows word-extractor's own failures as plain Errors for the caller to word.
 */
export function extractDocText(bytes: Uint8Array): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        extractor: require.resolve('word-extractor'),
        bytes,
        maxCharacters: READING_LIMITS.maxWordTextCharacters,
      },
      resourceLimits: { maxOldGenerationSizeMb: READING_LIMITS.maxWordHeapMb },
    });
    let settled = false;
    const settle = (work: () => void) => {
      if (settled) return;
      settled = true;
      work();
      void worker.terminate();
    };
    worker.once('message', (answer: WorkerAnswer) =>
      settle(() => {
        if ('body' in answer) resolve(answer.body);
        else if ('tooLong' in answer) reject(tooLarge(`${answer.tooLong} characters`));
        else reject(new Error(answer.error));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooLarge(error.message) : error),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the .doc reader stopped (exit code ${code})`))),
    );
  });
}
