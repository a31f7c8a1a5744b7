/**
 * A disk cache of document readings for benchmarks: rule changes are measured again in seconds
 * instead of re-running OCR. Keyed by the file's SHA-256 and the reader's version, so a changed
 * reader (READER_VERSION) reads every file again instead of serving stale readings.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { READER_VERSION, readDocument, type ReadDocument } from '@parser/extraction';

export interface CachedReading {
  doc: ReadDocument;
  /** True when the reading came from the cache rather than the reader. */
  hit: boolean;
}

/** The reading of a file, from the cache when it holds one; null on a miss when `cachedOnly`. */
export async function readWithCache(
  bytes: Buffer,
  fileName: string,
  cacheDir: string | undefined,
  cachedOnly = false,
): Promise<CachedReading | null> {
  if (!cacheDir) return { doc: await readDocument(bytes, fileName), hit: false };
  const sha = createHash('sha256').update(bytes).digest('hex');
  const file = path.join(cacheDir, `${sha}-r${READER_VERSION}.json`);
  try {
    return { doc: JSON.parse(await readFile(file, 'utf8')) as ReadDocument, hit: true };
  } catch {
    // not cached yet (or unreadable): read it
  }
  if (cachedOnly) return null;
  const doc = await readDocument(bytes, fileName);
  await mkdir(cacheDir, { recursive: true });
  // written then renamed, so a run stopped midway never leaves half a reading behind
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(doc));
  await rename(tmp, file);
  return { doc, hit: false };
}
