import { describe, expect, it } from 'vitest';

import { nestsDeeperThan } from './json-depth.js';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects together', () => {
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('[]', 0)).toBe(true);
    expect(nestsDeeperThan('"text"', 0)).toBe(false);
  });

  it('measures the deepest point, not the number of brackets', () => {
    expect(nestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[1]])), 3)).toBe(
      false,
    );
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ note: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ note: 'say \\"[[[[\\" and "{{{{"' }), 1)).toBe(false);
  });

  it('answers for very deep text without running out of stack', () => {
    expect(nestsDeeperThan('['.repeat(1_000_000), 64)).toBe(true);
  });
});
