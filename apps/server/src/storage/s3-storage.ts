import { Readable } from 'node:stream';

import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

import {
  assertBlobKey,
  BlobNotFoundError,
  type BlobStorage,
  type BlobStream,
} from './blob-storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, s3rver…); unset for AWS S3. */
  endpoint?: string;
  /** Unset: the SDK's default chain (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle?: boolean;
  /** Prepended to every key, so installations can share a bucket (e.g. `parser/`). */
  prefix?: string;
}

/**
 * Blobs as objects of an S3-compatible bucket, for deployments whose API and worker processes run
 * on several machines. A PutObject is stored whole or not at all, so readers never see a partial
 * blob; the only partial writes S3 keeps are unfinished multipart uploads.
 */
export class S3Storage implements BlobStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      credentials: options.credentials,
      forcePathStyle: options.forcePathStyle ?? false,
      // Checksums only where S3 requires them: many S3-compatible servers reject the newer
      // default (a CRC trailer on every upload), and TLS already guards the bytes in transit.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
  }

  private objectKey(key: string): string {
    assertBlobKey(key);
    return `${this.prefix}${key}`;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentLength: bytes.byteLength,
      }),
    );
  }

  async get(key: string): Promise<Buffer> {
    const { stream } = await this.open(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async open(key: string): Promise<BlobStream> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      if (!(object.Body instanceof Readable)) throw new Error('S3 answered no body');
      return { stream: object.Body, size: object.ContentLength ?? 0 };
    } catch (error) {
      throw isNotFound(error) ? new BlobNotFoundError(key) : error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers success for a key that does not exist.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
    );
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async *listWrittenBefore(date: Date): AsyncIterable<string> {
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix || undefined,
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || !object.LastModified || object.LastModified >= date) continue;
        const key = object.Key.slice(this.prefix.length);
        // Objects other tools put in the bucket are not blobs of ours; leave them alone.
        if (isBlobKey(key)) yield key;
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async removeUnfinishedWrites(startedBefore: Date): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      let page;
      try {
        page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            Prefix: this.prefix || undefined,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
      } catch (error) {
        // Some S3-compatible servers keep no multipart uploads; then there is nothing to remove.
        if (error instanceof S3ServiceException && error.name === 'NotImplemented') return removed;
        throw error;
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated) continue;
        if (upload.Initiated >= startedBefore) continue;
        await this.client.send(
          new AbortMultipartUploadCommand({
            Bucket: this.bucket,
            Key: upload.Key,
            UploadId: upload.UploadId,
          }),
        );
        removed++;
      }
      if (!page.IsTruncated) return removed;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  async checkAvailable(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Closes the client's connections (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}

function isBlobKey(key: string): boolean {
  try {
    assertBlobKey(key);
    return true;
  } catch {
    return false;
  }
}
