import { createHash } from 'node:crypto';

import { CompiledQuery } from 'kysely';

import type { Database, DbExecutor } from './database.js';

/**
 * A statement written once in SQL for a hot read (a list screen polled by every user), run
 * without building it through the query builder on each request: the text and its name are fixed
 * when the module loads, the rows come back with the column names the SQL gives them (no
 * snake_case → camelCase mapping), and the database keeps its parsed form between calls.
 *
 * Its columns are text, uuid, integers or booleans (timestamps cast to text, read with
 * isoFromTimestampText): the embedded database answers the rows as JSON, which gives those the
 * same values as the PostgreSQL driver.
 */
export interface PreparedQuery {
  /** Unique per text (a digest of it), so a changed text is never confused with the old one. */
  readonly name: string;
  readonly text: string;
  /**
   * Whether the database may keep one plan for every call. False for statements whose best plan
   * depends on the values (a name search: the index for a rare name, the table order for a common
   * one), which are parsed and planned on each call like any query.
   */
  readonly reusePlan: boolean;
}

export function preparedQuery(
  label: string,
  text: string,
  options: { reusePlan?: boolean } = {},
): PreparedQuery {
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
  return { name: `${label}_${digest}`, text, reusePlan: options.reusePlan ?? true };
}

/** Runs a prepared query on a database's own client (pg pool or PGlite), answering its rows. */
export type PreparedQueryRunner = (
  query: PreparedQuery,
  values: readonly PreparedValue[],
) => Promise<Record<string, unknown>[]>;

export type PreparedValue = string | number | null;

const runners = new WeakMap<Database, PreparedQueryRunner>();

/** Called by openDatabase for the database it opens. */
export function registerPreparedQueryRunner(db: Database, runner: PreparedQueryRunner): void {
  runners.set(db, runner);
}

/**
 * Rows of `query` with `values` for $1, $2, …. Inside a transaction, or on a database opened
 * some other way, the query runs through the transaction's own connection instead (same rows).
 */
export async function runPrepared<R>(
  executor: DbExecutor,
  query: PreparedQuery,
  values: readonly PreparedValue[],
): Promise<R[]> {
  const runner = runners.get(executor);
  if (runner) return (await runner(query, values)) as R[];
  const result = await executor
    .withoutPlugins()
    .executeQuery(CompiledQuery.raw(query.text, [...values]));
  return result.rows as R[];
}

/**
 * A timestamptz column's text (`column::text`: ISO date style, microseconds, the session's
 * offset, e.g. "2026-11-23 17:35:10.123456+00") as JavaScript's Date#toISOString writes it (UTC,
 * milliseconds, `Z`). The lists select each timestamp once, as text, because the text also keeps
 * the microseconds a list cursor needs: formatting it a second time in the database (to_char)
 * cost more per row on the embedded database than this does.
 */
export function isoFromTimestampText(text: string): string {
  // UTC (the servers' usual time zone) is rewritten as text: Date would parse the six fraction
  // digits with its slower fallback parser, twice per listed row.
  const utc = UTC_TIMESTAMP_TEXT.exec(text);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  const withMinutes = /[+-]\d{2}$/.test(text) ? `${text}:00` : text;
  return new Date(withMinutes.replace(' ', 'T')).toISOString();
}

const UTC_TIMESTAMP_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A row limit written into a statement's text: a whole number within the page sizes the API
 * accepts (plus the one extra row that tells whether a next page exists).
 */
export function assertRowLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > 1_001) {
    throw new Error(`A row limit must be a whole number from 1 to 1001, not ${limit}`);
  }
}
