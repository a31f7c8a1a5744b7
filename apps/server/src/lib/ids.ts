import { notFound } from './app-error.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string): boolean => UUID_PATTERN.test(id);

/** A malformed id names nothing, so it answers 404 like any id that does not exist. */
export function assertId(id: string, what: string): string {
  if (!UUID_PATTERN.test(id)) throw notFound(what);
  return id.toLowerCase();
}
