import { AppError } from './app-error.js';

/**
 * Position in a newest-first list: the last row's creation time (PostgreSQL's text form, which
 * keeps the microseconds a JavaScript Date would drop) and id, as an opaque string.
 */
export interface ListPosition {
  createdAt: string;
  id: string;
}

const POSTGRES_TIMESTAMP =
  /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.createdAt}|${position.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | undefined): ListPosition | undefined {
  if (!cursor) return undefined;
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    !createdAt ||
    !id ||
    rest.length > 0 ||
    !POSTGRES_TIMESTAMP.test(createdAt) ||
    !/^[0-9a-f-]{36}$/i.test(id)
  ) {
    throw new AppError('VALIDATION_FAILED', { message: 'The list cursor is not valid' });
  }
  return { createdAt, id };
}

/** A row of a newest-first list: its id and its creation time as PostgreSQL's text. */
export interface ListRow {
  id: string;
  cursorAt: string;
}

/**
 * One page of a list from rows fetched with `limit + 1` (the extra row only says there is a next
 * page): the first `limit` rows as items, and the cursor after the last one, or null.
 */
export function pageOf<R extends ListRow, T>(
  rows: readonly R[],
  limit: number,
  toItem: (row: R) => T,
): { items: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    next_cursor:
      rows.length > limit && last ? encodeCursor({ createdAt: last.cursorAt, id: last.id }) : null,
  };
}

/**
 * A list's type filter. An id that is not a uuid names no type, so it filters everything out
 * (an empty page, not an error), like a type with no documents.
 */
export function listFilterId(id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  return /^[0-9a-f-]{36}$/i.test(id) ? id.toLowerCase() : '00000000-0000-0000-0000-000000000000';
}
