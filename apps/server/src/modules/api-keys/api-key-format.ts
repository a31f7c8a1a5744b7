import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Every key starts with this, so a bearer token is told apart from an access token at a glance. */
export const API_KEY_MARK = 'prs_';

const KEY_PATTERN = /^prs_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;

export interface NewApiKeySecret {
  /** The whole key, shown once. */
  key: string;
  /** `prs_` and the 8 characters that identify the key in lists and in the database. */
  prefix: string;
  /** What is stored: the sha256 of the whole key. */
  hash: string;
}

/**
 * A new key: `prs_<8 hex characters>_<43 base64url characters>` (256 random bits). A key is as
 * random as a password should be, so a fast hash is enough to store it.
 */
export function generateApiKey(): NewApiKeySecret {
  const prefix = `${API_KEY_MARK}${randomBytes(4).toString('hex')}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: hashApiKey(key) };
}

export const isApiKeyToken = (token: string): boolean => token.startsWith(API_KEY_MARK);

/** The prefix a well-formed key starts with, or undefined for anything else. */
export function prefixOfApiKey(token: string): string | undefined {
  const match = KEY_PATTERN.exec(token);
  return match ? `${API_KEY_MARK}${match[1]}` : undefined;
}

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Compares in constant time, so response times say nothing about how much of a key matched. */
export function apiKeyMatches(key: string, storedHash: string): boolean {
  const actual = Buffer.from(hashApiKey(key), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
