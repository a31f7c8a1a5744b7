import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

import { DocumentReadError } from './errors.js';
import { READING_LIMITS } from './limits.js';

const require = createRequire(import.meta.url);

/**
 * word-extractor builds the text from the file's piece table, and pieces may point at the same
 * bytes any number of times: a small .doc can describe gigabytes of text. So the thread counts the
 * characters the file claims (the File Information Block's story lengths, and every piece's length)
 * before any text is built, and refuses a file over the limit; it also runs with a capped heap, so
 * whatever else a file makes it allocate ends that thread (and the file is refused), not the server.
 * The check hooks word-extractor's own piece-table step (`writePieces`, word-extractor 1.x), so it
 * reads exactly the buffers the library is about to follow.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const WordOleExtractor = require(workerData.oleExtractor);
const BufferReader = require(workerData.bufferReader);

// FIB offsets of the story lengths: main text, footnotes, headers, comments, endnotes, text boxes.
const STORY_LENGTHS = [0x4c, 0x50, 0x54, 0x5c, 0x60, 0x64, 0x68];
const FC_CLX = 0x01a2;

function claimedCharacters(fib, table) {
  let stories = 0;
  for (const at of STORY_LENGTHS) stories += fib.readUInt32LE(at);
  // The Clx: property entries (0x01) to skip, then the piece table (0x02, size, positions…).
  let pos = fib.readUInt32LE(FC_CLX);
  while (table.readUInt8(pos) === 1) pos += 3 + table.readUInt16LE(pos + 1);
  if (table.readUInt8(pos) !== 2) return stories;
  const pieces = Math.floor((table.readUInt32LE(pos + 1) - 4) / 12);
  let inPieces = 0;
  for (let i = 0; i < pieces && inPieces <= workerData.maxCharacters; i++) {
    const start = table.readUInt32LE(pos + 5 + i * 4);
    const end = table.readUInt32LE(pos + 5 + (i + 1) * 4);
    inPieces += Math.max(0, end - start);
  }
  return Math.max(stories, inPieces);
}

class BoundedExtractor extends WordOleExtractor {
  writePieces(fib, table) {
    const claimed = claimedCharacters(fib, table);
    if (claimed > workerData.maxCharacters) throw Object.assign(new Error('too long'), { claimed });
    return super.writePieces(fib, table);
  }
}

// A view of the bytes the thread was handed, not another copy of the file.
const bytes = workerData.bytes;
new BoundedExtractor()
  .extract(new BufferReader(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)))
  .then((document) => {
    const body = document.getBody();
    parentPort.postMessage(
      body.length > workerData.maxCharacters ? { tooLong: body.length } : { body },
    );
  })
  .catch((error) =>
    parentPort.postMessage(
      error && error.claimed
        ? { tooLong: error.claimed }
        : { error: String((error && error.message) || error) },
    ),
  );
`;

type WorkerAnswer = { body: string } | { tooLong: number } | { error: string };

/** Characters the engine lays out on one page of a Word document's prose, about. */
const CHARACTERS_PER_PAGE = 3_300;

function tooLarge(detail: string): DocumentReadError {
  const limit = READING_LIMITS.maxWordTextCharacters;
  const pages = Math.round(limit / CHARACTERS_PER_PAGE / 100) * 100;
  return new DocumentReadError('TOO_LARGE', {
    userMessage:
      `The Word document holds more text than the ${limit / 1_000_000} million characters ` +
      `(about ${pages.toLocaleString('en-US')} pages) a document may have; split it into ` +
      'smaller documents and upload them one by one.',
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
        oleExtractor: require.resolve('word-extractor/lib/word-ole-extractor.js'),
        bufferReader: require.resolve('word-extractor/lib/buffer-reader.js'),
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
