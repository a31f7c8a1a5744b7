import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Returns the secret stored under DATA_DIR/secrets/<name>, generating it on first start so a new
 * installation needs no configuration. The file is readable by the server's user only.
 */
export function loadOrCreateSecret(dataDir: string, name: string, bytes = 64): Uint8Array {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes);
  writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
  return secret;
}
