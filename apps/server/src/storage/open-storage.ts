import path from 'node:path';

import type { Config } from '../config.js';

import type { BlobStorage } from './blob-storage.js';
import { LocalDirectoryStorage } from './local-directory-storage.js';
import { S3Storage } from './s3-storage.js';

/** The blob storage the configuration names: DATA_DIR/files by default, or an S3 bucket. */
export function openStorage(config: Config): BlobStorage {
  if (config.STORAGE === 'local')
    return new LocalDirectoryStorage(path.join(config.DATA_DIR, 'files'));
  if (!config.S3_BUCKET) throw new Error('STORAGE=s3 needs S3_BUCKET (and usually S3_ENDPOINT)');
  const hasKeys =
    config.S3_ACCESS_KEY_ID !== undefined || config.S3_SECRET_ACCESS_KEY !== undefined;
  if (hasKeys && (!config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  }
  return new S3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    credentials: hasKeys
      ? { accessKeyId: config.S3_ACCESS_KEY_ID!, secretAccessKey: config.S3_SECRET_ACCESS_KEY! }
      : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  });
}
