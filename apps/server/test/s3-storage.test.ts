import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../src/config.js';
import { BlobNotFoundError } from '../src/storage/blob-storage.js';
import { openStorage } from '../src/storage/open-storage.js';
import { S3Storage } from '../src/storage/s3-storage.js';

import { startLocalS3, type LocalS3 } from './support/local-s3.js';

let s3: LocalS3;
let storage: S3Storage;
beforeAll(async () => {
  s3 = await startLocalS3();
  storage = openStorage(loadConfig({ ...s3.env, S3_PREFIX: 'install-a/' })) as S3Storage;
});
afterAll(async () => {
  storage.close();
  await s3.stop();
});

const streamed = async (key: string) => {
  const { stream, size } = await storage.open(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), size };
};

describe('S3Storage against an S3-compatible server', () => {
  it('is chosen by STORAGE=s3 and answers that the bucket is reachable', async () => {
    expect(storage).toBeInstanceOf(S3Storage);
    await expect(storage.checkAvailable()).resolves.toBeUndefined();
  });

  it('stores, reads, streams, replaces and deletes a blob under tenant/id', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, n) => n % 251));
    await storage.put('tenant-a/file-1', bytes);
    expect(await storage.exists('tenant-a/file-1')).toBe(true);
    expect((await storage.get('tenant-a/file-1')).equals(bytes)).toBe(true);

    await storage.put('tenant-a/file-1', Buffer.from('second version'));
    const opened = await streamed('tenant-a/file-1');
    expect(opened.bytes.toString()).toBe('second version');
    expect(opened.size).toBe(14);

    await storage.delete('tenant-a/file-1');
    expect(await storage.exists('tenant-a/file-1')).toBe(false);
    // Deleting what is not there is not an error.
    await storage.delete('tenant-a/file-1');
  });

  it('throws BlobNotFoundError for a key with no blob', async () => {
    await expect(storage.get('tenant-a/missing')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(storage.open('tenant-a/missing')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('refuses keys that are not tenant/id paths', async () => {
    await expect(storage.put('../outside', Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
    await expect(storage.get('a//b')).rejects.toThrow(/Invalid blob key/);
  });

  it('lists the blobs written before a date, under its own prefix only', async () => {
    const other = openStorage(loadConfig({ ...s3.env, S3_PREFIX: 'install-b/' })) as S3Storage;
    try {
      await storage.put('tenant-b/old', Buffer.from('old'));
      await other.put('tenant-b/foreign', Buffer.from('another installation'));
      const cut = new Date(Date.now() + 2_000);
      const listed: string[] = [];
      for await (const key of storage.listWrittenBefore(cut)) listed.push(key);
      expect(listed).toContain('tenant-b/old');
      expect(listed).not.toContain('tenant-b/foreign');
      expect(listed.every((key) => !key.startsWith('install-'))).toBe(true);

      const before: string[] = [];
      for await (const key of storage.listWrittenBefore(new Date(Date.now() - 3_600_000))) {
        before.push(key);
      }
      expect(before).not.toContain('tenant-b/old');
    } finally {
      other.close();
    }
  });

  it('has no partial writes to remove: a put is stored whole', async () => {
    await storage.put('tenant-c/whole', Buffer.from('whole'));
    expect(await storage.removeUnfinishedWrites(new Date(Date.now() + 1_000))).toBe(0);
    expect((await storage.get('tenant-c/whole')).toString()).toBe('whole');
  });

  it('reports an unreachable bucket', async () => {
    const missing = openStorage(loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }));
    await expect(missing.checkAvailable()).rejects.toThrow();
    (missing as S3Storage).close();
  });

  it('refuses STORAGE=s3 without a bucket, with a message naming the variable', () => {
    expect(() => openStorage(loadConfig({ STORAGE: 's3' }))).toThrow(/S3_BUCKET/);
  });
});
