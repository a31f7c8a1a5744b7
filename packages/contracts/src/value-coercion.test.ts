import { describe, expect, it } from 'vitest';

import { coerceValue } from './value-coercion.js';

describe('coerceValue as the review form reads typed text', () => {
  it.each([
    ['12', 'number', 12],
    ['1 234', 'number', 1234],
    ['1,234.5', 'number', 1234.5],
    ['$1,234.50', 'currency', 1234.5],
    ['99.90 €', 'currency', 99.9],
    [' 2024-02-29 ', 'date', '2024-02-29'],
    ['YES', 'boolean', true],
    [' no ', 'boolean', false],
    ['  ', 'string', null],
    ['  ', 'date', null],
    [' keep spaces ', 'string', ' keep spaces '],
  ] as const)('reads %j as a %s: %j', (text, type, value) => {
    expect(coerceValue(text, type, 'typed')).toEqual({ ok: true, value });
  });

  it.each([
    ['12 apples', 'number', 'number'],
    ['$12', 'number', 'number'],
    ['1,23', 'currency', 'amount'],
    ['2023-02-29', 'date', 'date'],
    ['07/03/2025', 'date', 'date'],
    ['maybe', 'boolean', 'boolean'],
  ] as const)('refuses %j as a %s, expecting %s', (text, type, kind) => {
    expect(coerceValue(text, type, 'typed')).toEqual({ ok: false, expected: kind });
  });
});

describe('coerceValue as the review API reads sent values', () => {
  it.each([
    ['99.90', 'currency', 99.9],
    [' -3.5 ', 'number', -3.5],
    [12, 'number', 12],
    [7, 'string', '7'],
    [true, 'string', 'true'],
    ['true', 'boolean', true],
    [false, 'boolean', false],
    ['2024-02-29', 'date', '2024-02-29'],
    ['', 'number', null],
    // A text field keeps what was sent, blank included.
    ['', 'string', ''],
    [null, 'boolean', null],
  ] as const)('reads %j as a %s: %j', (value, type, expected) => {
    expect(coerceValue(value, type, 'exact')).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['1,234.50', 'number', 'number'],
    ['$12', 'currency', 'amount'],
    ['yes', 'boolean', 'boolean'],
    ['True', 'boolean', 'boolean'],
    [1, 'boolean', 'boolean'],
    [true, 'number', 'number'],
    [20240229, 'date', 'date'],
  ] as const)(
    'refuses %j as a %s (only the canonical forms), expecting %s',
    (value, type, kind) => {
      expect(coerceValue(value, type, 'exact')).toEqual({ ok: false, expected: kind });
    },
  );

  it('answers the same value whichever reading takes a canonical form', () => {
    for (const [value, type] of [
      ['12.5', 'number'],
      ['2024-01-31', 'date'],
      ['false', 'boolean'],
      ['INV-7', 'string'],
    ] as const) {
      expect(coerceValue(value, type, 'typed')).toEqual(coerceValue(value, type, 'exact'));
    }
  });
});
