import { randomBytes } from 'node:crypto';
import {
  access,
  constants,
  mkdir,
  open,
  opendir,
  readFile,
  rename,
  rm,
  stat,
} from 'node:fs/promises';
import path from 'node:path';

import {
  assertBlobKey,
  BlobNotFoundError,
  type BlobStorage,
  type BlobStream,
} from './blob-storage.js';

/** A write in progress: the target's name, a random part and this suffix (see put). */
const UNFINISHED_WRITE = /\.[0-9a-f]{12}\.tmp$/;

/** Blobs as files under one directory (`${DATA_DIR}/files`), one file per key. */
export class LocalDirectoryStorage implements BlobStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file of a key; refuses any key that would resolve outside the root. */
  private pathOf(key: string): string {
    assertBlobKey(key);
    const target = path.resolve(this.root, key);
    const relative = path.relative(this.root, target);
    if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
    }
    return target;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write beside the target and rename: a crash or a concurrent reader never sees half a file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    try {
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      throw translate(error, key);
    }
  }

  async open(key: string): Promise<BlobStream> {
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      throw translate(error, key);
    }
    try {
      const { size } = await handle.stat();
      // The stream closes the handle when it ends, fails or is destroyed.
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async checkAvailable(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  async *listWrittenBefore(date: Date): AsyncIterable<string> {
    for await (const file of this.walk()) {
      if (UNFINISHED_WRITE.test(file.relative) || file.modifiedMs >= date.getTime()) continue;
      yield file.relative;
    }
  }

  async removeUnfinishedWrites(startedBefore: Date): Promise<number> {
    let removed = 0;
    for await (const file of this.walk()) {
      if (!UNFINISHED_WRITE.test(file.relative) || file.modifiedMs >= startedBefore.getTime()) {
        continue;
      }
      await rm(file.absolute, { force: true });
      removed++;
    }
    return removed;
  }

  /** Every file under the root with its `/`-separated key and modification time. */
  private async *walk(
    directory = this.root,
  ): AsyncGenerator<{ relative: string; absolute: string; modifiedMs: number }> {
    let entries;
    try {
      entries = await opendir(directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for await (const entry of entries) {
      const absolute = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        yield* this.walk(absolute);
      } else if (entry.isFile()) {
        let modifiedMs: number;
        try {
          modifiedMs = (await stat(absolute)).mtimeMs;
        } catch (error) {
          // Renamed or deleted since the directory was read.
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        const relative = path.relative(this.root, absolute).split(path.sep).join('/');
        yield { relative, absolute, modifiedMs };
      }
    }
  }
}

const translate = (error: unknown, key: string): unknown =>
  (error as NodeJS.ErrnoException).code === 'ENOENT' ? new BlobNotFoundError(key) : error;
