import { describe, expect, it } from 'vitest';

import { isoFromTimestampText } from './prepared-query.js';

describe('isoFromTimestampText', () => {
  it('answers UTC to the millisecond, dropping the microseconds as Date does', () => {
    expect(isoFromTimestampText('2026-11-23 17:35:10.123999+00')).toBe('2026-11-23T17:35:10.123Z');
    expect(isoFromTimestampText('2026-11-23 17:35:10+00')).toBe('2026-11-23T17:35:10.000Z');
    expect(isoFromTimestampText('2026-11-23 17:35:10.5+00')).toBe('2026-11-23T17:35:10.500Z');
  });

  it('agrees with Date for any UTC time', () => {
    for (let ms = Date.UTC(1999, 11, 31, 23, 59, 58); ms < Date.UTC(2000, 0, 1, 0, 0, 2); ms += 7) {
      const iso = new Date(ms).toISOString();
      const micros = String(ms % 1000).padStart(3, '0') + '417';
      const text = `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${micros}+00`;
      expect(isoFromTimestampText(text)).toBe(iso);
    }
  });

  it('reads the offset of a server whose time zone is not UTC', () => {
    expect(isoFromTimestampText('2026-11-23 17:35:10.5+05:30')).toBe('2026-11-23T12:05:10.500Z');
    expect(isoFromTimestampText('2026-11-23 17:35:10-08')).toBe('2026-11-24T01:35:10.000Z');
  });
});
