import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

import type { Database } from './database.js';
import { GuardedPGliteDialect } from './pglite-guard.js';
import { pglitePreparedRunner } from './pglite-prepared-runner.js';
import { registerPreparedQueryRunner } from './prepared-query.js';
import type { DB } from './schema.js';

// The types live apart so the query helpers this file wires up can use them without importing it.
export type { Database, DbExecutor } from './database.js';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Where to report a pooled PostgreSQL connection the server closed while it sat idle (a
   * restart, a failover, an administrator ending sessions). The pool drops it and opens a new one
   * for the next query either way; until a listener is set, such losses go unreported.
   */
  reportLostConnections(report: (error: Error) => void): void;
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
  // Column names are mapped snake_case ↔ camelCase, but never the keys inside jsonb values
  // (export settings, extracted data): those are stored and answered exactly as written.
  const plugins = [new CamelCasePlugin({ maintainNestedObjectKeys: true })];
  if (/^postgres(ql)?:\/\//.test(options.url)) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    if (options.schema) {
      await pool.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    }
    // Without a listener, the pool's 'error' event for a lost idle connection would end the process.
    let reportLostConnection = (_error: Error): void => undefined;
    pool.on('error', (error) => reportLostConnection(error));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
    // A named statement is parsed once per pooled connection, then only bound and run.
    registerPreparedQueryRunner(db, async (query, values) => {
      const result = await pool.query({
        ...(query.reusePlan ? { name: query.name } : {}),
        text: query.text,
        values: [...values],
      });
      return result.rows as Record<string, unknown>[];
    });
    return {
      db,
      kind: 'postgres',
      reportLostConnections: (report) => {
        reportLostConnection = report;
      },
      close: () => db.destroy(),
    };
  }

  const dataDir = options.url === 'memory://' ? undefined : path.resolve(options.url);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Extensions ship inside the PGlite package (no download); migrations create the ones used.
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  await client.waitReady;
  const db = new Kysely<DB>({ dialect: new GuardedPGliteDialect(client), plugins });
  registerPreparedQueryRunner(db, pglitePreparedRunner(client, db));
  return {
    db,
    kind: 'pglite',
    // In-process: there is no connection to lose.
    reportLostConnections: () => undefined,
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}
