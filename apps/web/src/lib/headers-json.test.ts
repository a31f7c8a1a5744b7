import { describe, expect, it } from 'vitest';

import { parseHeadersJson } from './headers-json';

describe('parseHeadersJson', () => {
  it('reads a JSON object, turning numbers and booleans into text', () => {
    expect(parseHeadersJson('{"X-A": "1", "X-B": 2, "X-C": true}')).toEqual({
      'X-A': '1',
      'X-B': '2',
      'X-C': 'true',
    });
  });

  it('reads a blank box as no headers', () => {
    expect(parseHeadersJson('  ')).toEqual({});
  });

  it.each(['{"X-A": ', '[]', '"text"', '42', 'null', '{"X-A": {"nested": "x"}}', '{"X-A": null}'])(
    'refuses %s',
    (text) => {
      expect(parseHeadersJson(text)).toBeNull();
    },
  );
});
