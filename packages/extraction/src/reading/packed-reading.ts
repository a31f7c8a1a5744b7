import { promisify } from 'node:util';
import { gunzip, gzipSync } from 'node:zlib';

import type { ReadDocument } from '../document.js';

import { readDocument } from './read-document.js';

const gunzipAsync = promisify(gunzip);

/** A page's size, which the review screen needs without the whole reading (placing highlights). */
export interface PageSize {
  number: number;
  width: number;
  height: number;
}

/**
 * A reading as it is kept: its JSON gzipped, with each page's size beside it. A reading of a large
 * document is tens of MB of JSON (a 15,000-line e-invoice: 43 MB), which compresses about
 * eighteen-fold; stored as it is, the embedded database's memory grows by gigabytes to take it and
 * never shrinks.
 */
export interface PackedReading {
  packed: Uint8Array;
  pageSizes: PageSize[];
}

/** Packs a reading. Synchronous: for engine threads, where blocking holds up nothing else. */
export function packReading(document: ReadDocument): PackedReading {
  return {
    packed: gzipSync(JSON.stringify(document)),
    pageSizes: document.pages.map(({ number, width, height }) => ({ number, width, height })),
  };
}

/** Unpacks a kept reading; the decompression runs off the calling thread. */
export async function unpackReading(packed: Uint8Array): Promise<ReadDocument> {
  const json = await gunzipAsync(packed);
  return JSON.parse(json.toString('utf8')) as ReadDocument;
}

/** Reads a document and packs the reading for keeping, in the same engine thread. */
export async function readAndPack(
  bytes: Uint8Array,
  fileName?: string,
): Promise<{ document: ReadDocument; kept: PackedReading }> {
  const document = await readDocument(bytes, fileName);
  return { document, kept: packReading(document) };
}
