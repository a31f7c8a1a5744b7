import { describe, expect, it } from 'vitest';

import { findNulCharacter } from './reject-nul-characters.js';

describe('findNulCharacter', () => {
  it('names the first string or key holding a NUL, however deep', () => {
    expect(findNulCharacter({ a: { b: ['ok', 'x\u0000'] } }, 'body')).toBe('body.a.b.1');
    expect(findNulCharacter({ ['k\u0000']: 1 }, 'body')).toBe('body.k\\u0000');
    expect(findNulCharacter('\u0000', 'querystring')).toBe('querystring');
  });

  it('passes text without NUL, numbers, nulls and raw bodies', () => {
    expect(findNulCharacter({ a: 'ok', b: 1, c: null, d: [true] }, 'body')).toBeNull();
    expect(findNulCharacter(Buffer.from([0, 0, 0]), 'body')).toBeNull();
    expect(findNulCharacter(undefined, 'body')).toBeNull();
  });

  it('finds a NUL under 100,000 levels of nesting without running out of stack', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level++) deep = level % 2 ? [deep] : { a: deep };
    expect(findNulCharacter(deep, 'body')).toBe(`body${'.0.a'.repeat(50_000)}`);
  });
});
