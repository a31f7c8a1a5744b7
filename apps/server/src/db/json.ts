import { type RawBuilder, sql } from 'kysely';

/**
 * A value for a jsonb column. Serialised here rather than by the driver: node-postgres turns a
 * JavaScript array into a PostgreSQL array literal, which a jsonb column would reject.
 */
export function jsonb<T>(value: T): RawBuilder<T> {
  return sql<T>`${JSON.stringify(value)}::jsonb`;
}
