import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { BlobNotFoundError } from './blob-storage.js';
import { LocalDirectoryStorage } from './local-directory-storage.js';

let root: string;
let storage: LocalDirectoryStorage;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'parser-storage-'));
  storage = new LocalDirectoryStorage(path.join(root, 'files'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const streamed = async (key: string) => {
  const { stream, size } = await storage.open(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), size };
};

describe('LocalDirectoryStorage', () => {
  it('stores, reads, streams, replaces and deletes a blob under tenant/id', async () => {
    await storage.put('tenant-a/file-1', Buffer.from('first'));
    expect((await storage.get('tenant-a/file-1')).toString()).toBe('first');
    expect(await storage.exists('tenant-a/file-1')).toBe(true);

    await storage.put('tenant-a/file-1', Buffer.from('second version'));
    const { bytes, size } = await streamed('tenant-a/file-1');
    expect(bytes.toString()).toBe('second version');
    expect(size).toBe(14);
    // No temporary files are left beside the blob.
    expect(await readdir(path.join(root, 'files', 'tenant-a'))).toEqual(['file-1']);

    await storage.delete('tenant-a/file-1');
    expect(await storage.exists('tenant-a/file-1')).toBe(false);
    await storage.delete('tenant-a/file-1');
  });

  it('throws BlobNotFoundError for a key with no blob', async () => {
    await expect(storage.get('tenant-a/missing')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(storage.open('tenant-a/missing')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it.each([
    '../outside',
    'tenant/../../outside',
    '/etc/passwd',
    'tenant//file',
    '',
    'a/./b',
    'a\\b',
  ])('refuses the key %j, which could escape the root', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid blob key/);
    await expect(storage.delete(key)).rejects.toThrow(/Invalid blob key/);
  });
});
