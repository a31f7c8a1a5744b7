import { describe, expect, it } from 'vitest';

import { decodeCursor, encodeCursor, listFilterId, pageOf } from './list-pages.js';

describe('list cursors', () => {
  it('round-trip a position with microseconds', () => {
    const position = {
      createdAt: '2026-11-22 18:30:00.123456+00',
      id: '0b6f3a8e-4c1d-4f55-9a7e-1f2e3d4c5b6a',
    };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it('reject a cursor that was not made by the server with a 400', () => {
    expect(() => decodeCursor('not-a-cursor')).toThrow('The list cursor is not valid');
    expect(() => decodeCursor(Buffer.from("1' OR 1=1|x").toString('base64url'))).toThrow();
  });

  it('treat a missing cursor as the first page', () => {
    expect(decodeCursor(undefined)).toBeUndefined();
  });
});

describe('pageOf', () => {
  const rows = ['a', 'b', 'c'].map((name, index) => ({
    id: `00000000-0000-4000-8000-00000000000${index}`,
    cursorAt: `2026-11-22 18:30:0${index}+00`,
    name,
  }));

  it('answers the first rows and a cursor after the last of them when there are more', () => {
    const page = pageOf(rows, 2, (row) => row.name);
    expect(page.items).toEqual(['a', 'b']);
    expect(decodeCursor(page.next_cursor!)).toEqual({
      createdAt: rows[1]!.cursorAt,
      id: rows[1]!.id,
    });
  });

  it('answers no cursor on the last page', () => {
    expect(pageOf(rows, 3, (row) => row.name).next_cursor).toBeNull();
  });
});

describe('listFilterId', () => {
  it('keeps a uuid and turns anything else into an id that matches nothing', () => {
    expect(listFilterId('0B6F3A8E-4C1D-4F55-9A7E-1F2E3D4C5B6A')).toBe(
      '0b6f3a8e-4c1d-4f55-9a7e-1f2e3d4c5b6a',
    );
    expect(listFilterId('invoices')).toBe('00000000-0000-0000-0000-000000000000');
    expect(listFilterId(undefined)).toBeUndefined();
  });
});
