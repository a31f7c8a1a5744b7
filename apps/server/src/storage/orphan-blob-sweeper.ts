import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../db/client.js';

import { previewOwnerKey } from '../modules/files/page-previews.js';

import type { BlobStorage } from './blob-storage.js';

const HOUR_MS = 3_600_000;
const BATCH = 500;

export interface OrphanBlobSweepOptions {
  storage: BlobStorage;
  db: Database;
  logger: FastifyBaseLogger;
  /**
   * Only blobs and partial writes older than this are touched. An upload stores its blob a moment
   * before it inserts the row that points to it; the margin keeps that moment (and a slow write
   * still in progress) far away from the sweep.
   */
  minAgeMs?: number;
}

export interface OrphanBlobSweep {
  unfinishedWrites: number;
  orphans: number;
}

/** The key whose row keeps `key`: a page preview is kept while its file's row exists. */
const ownerKey = (key: string): string => previewOwnerKey(key) ?? key;

/** Which of `keys` a file or knowledge-document row points to (through its file, for previews). */
async function referencedKeys(db: Database, keys: readonly string[]): Promise<Set<string>> {
  const owners = [...new Set(keys.map(ownerKey))];
  const rows = await db
    .selectFrom('files')
    .select('storageKey')
    .where('storageKey', 'in', owners)
    .unionAll(db.selectFrom('ragDocuments').select('storageKey').where('storageKey', 'in', owners))
    .execute();
  const referencedOwners = new Set(rows.map((row) => row.storageKey));
  return new Set(keys.filter((key) => referencedOwners.has(ownerKey(key))));
}

/**
 * Removes what a crash (kill -9 during an upload, a failed insert after the bytes were stored)
 * leaves in blob storage: partial writes, and blobs no row points to. A blob a row points to is
 * never removed, whatever its age.
 */
export async function sweepOrphanBlobs(options: OrphanBlobSweepOptions): Promise<OrphanBlobSweep> {
  const before = new Date(Date.now() - (options.minAgeMs ?? HOUR_MS));
  const unfinishedWrites = await options.storage.removeUnfinishedWrites(before);
  let orphans = 0;
  let batch: string[] = [];
  const removeUnreferenced = async () => {
    const referenced = await referencedKeys(options.db, batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await options.storage.delete(key);
      orphans++;
    }
    batch = [];
  };
  for await (const key of options.storage.listWrittenBefore(before)) {
    batch.push(key);
    if (batch.length >= BATCH) await removeUnreferenced();
  }
  if (batch.length > 0) await removeUnreferenced();
  if (unfinishedWrites + orphans > 0) {
    options.logger.info({ unfinishedWrites, orphans }, 'removed stored content nothing refers to');
  }
  return { unfinishedWrites, orphans };
}

/**
 * Sweeps once now (what the last crash left) and then every `intervalMs`. Answers a function that
 * stops it. With several servers on one bucket any of them may sweep: a sweep only removes what no
 * row points to, so running it twice at once is harmless.
 */
export function startOrphanBlobSweeper(
  options: OrphanBlobSweepOptions & { intervalMs?: number },
): () => void {
  const run = async () => {
    try {
      await sweepOrphanBlobs(options);
    } catch (error) {
      options.logger.warn({ err: error }, 'could not sweep stored content');
    }
  };
  void run();
  const timer = setInterval(() => void run(), options.intervalMs ?? 6 * HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
