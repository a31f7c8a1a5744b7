import { describe, expect, it } from 'vitest';

import { apiKeyMatches, generateApiKey, isApiKeyToken, prefixOfApiKey } from './api-key-format.js';

describe('API key format', () => {
  it('makes keys prs_<8-character prefix>_<secret> and keeps only their hash', () => {
    const { key, prefix, hash } = generateApiKey();
    expect(key).toMatch(/^prs_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(`${prefix}_`)).toBe(true);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(generateApiKey().key).not.toBe(key);
  });

  it('finds the prefix of a well-formed key only', () => {
    const { key, prefix } = generateApiKey();
    expect(isApiKeyToken(key)).toBe(true);
    expect(prefixOfApiKey(key)).toBe(prefix);
    expect(prefixOfApiKey(`${key}x`)).toBeUndefined();
    expect(prefixOfApiKey('prs_short')).toBeUndefined();
    expect(isApiKeyToken('eyJhbGciOi.jwt.token')).toBe(false);
  });

  it('matches a key against its stored hash and nothing else', () => {
    const { key, hash } = generateApiKey();
    expect(apiKeyMatches(key, hash)).toBe(true);
    expect(apiKeyMatches(generateApiKey().key, hash)).toBe(false);
    expect(apiKeyMatches(key, 'not-a-hash')).toBe(false);
  });
});
