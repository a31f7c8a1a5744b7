import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect, type Transaction } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';

import type { DB } from './schema.js';

export type Database = Kysely<DB>;
export type DbExecutor = Kysely<DB> | Transaction<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; `memory://` or a directory path for PGlite. */
  url: string;
  /** PostgreSQL only: schema to create and use, so test runs don't see each other's tables. */
  schema?: string;
}

// timestamptz and bigint counts come back as strings from pg; keep dates as Date and counts as numbers.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  if (/^postgres(ql)?:\/\//.test(options.url)) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    if (options.schema) {
      await pool.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    }
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  const dataDir = options.url === 'memory://' ? undefined : path.resolve(options.url);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  await client.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client), plugins });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}
