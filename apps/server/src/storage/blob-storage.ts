import type { Readable } from 'node:stream';

/** Raised when a key names no stored blob. */
export class BlobNotFoundError extends Error {
  override readonly name = 'BlobNotFoundError';
  constructor(readonly key: string) {
    super(`No blob stored under ${key}`);
  }
}

/** A blob opened for streaming, with its size for Content-Length. */
export interface BlobStream {
  stream: Readable;
  size: number;
}

/**
 * Where file contents live, by key (`{tenantId}/{id}`). The database row says what a blob is; the
 * storage only keeps bytes. A local directory by default; an S3-compatible bucket implements the
 * same interface for deployments with several servers.
 */
export interface BlobStorage {
  /** Stores the bytes under the key, replacing any blob there; readers never see a partial blob. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The whole blob. Throws BlobNotFoundError. */
  get(key: string): Promise<Buffer>;
  /** The blob as a stream. Throws BlobNotFoundError. */
  open(key: string): Promise<BlobStream>;
  /** Removes the blob; a missing blob is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Keys of the blobs last written before `date`, in no particular order. */
  listWrittenBefore(date: Date): AsyncIterable<string>;
  /** Removes partial writes a crash left behind that were started before `date`; answers how many. */
  removeUnfinishedWrites(startedBefore: Date): Promise<number>;
  /** Throws when the storage cannot be reached (readiness checks). */
  checkAvailable(): Promise<void>;
}

const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Keys are `/`-separated segments of letters, digits, `.`, `_` and `-`, never `.` or `..`. */
export function assertBlobKey(key: string): void {
  const segments = key.split('/');
  const valid =
    key.length <= 512 &&
    segments.every((segment) => KEY_SEGMENT.test(segment) && !/^\.+$/.test(segment));
  if (!valid) throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
}

/** The whole blob, or undefined when nothing is stored under the key (other failures throw). */
export async function getIfStored(storage: BlobStorage, key: string): Promise<Buffer | undefined> {
  try {
    return await storage.get(key);
  } catch (error) {
    if (error instanceof BlobNotFoundError) return undefined;
    throw error;
  }
}
