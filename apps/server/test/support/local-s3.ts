import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import S3rver from 's3rver';

/** An S3-compatible server on loopback, with its objects in a temporary directory. */
export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The settings a Parser process needs to use it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** s3rver accepts these credentials for signed requests. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startLocalS3(bucket = 'parser-files'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'parser-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
