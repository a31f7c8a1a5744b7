import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { postgreSplitterOptions, splitQuery } from 'dbgate-query-splitter';
import { sql, type Transaction } from 'kysely';

import {
  type Database,
  type DatabaseHandle,
  type DatabaseOptions,
  openDatabase,
} from './client.js';
import type { DB } from './schema.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Key of the transaction-level advisory lock every migration step holds. Servers and workers that
 * start together on one PostgreSQL (or test runs in schemas of one database) would otherwise race:
 * extensions are database-wide, so two concurrent `CREATE EXTENSION IF NOT EXISTS` collide.
 */
const MIGRATION_LOCK_KEY = 0x5061_7273_6572; // "Parser"

/**
 * Opens the database with every migration applied. An embedded database that this created or
 * migrated is closed and opened again: creating and migrating grow PGlite's WebAssembly memory,
 * which an instance keeps for its life (a new database: about 390 MB more at rest, for good).
 */
export async function openMigratedDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let handle: DatabaseHandle | undefined = await openDatabase(options);
  const ran = await migrate(handle.db);
  if (ran.length === 0 || handle.kind !== 'pglite' || options.url === 'memory://') return handle;
  await handle.close();
  handle = undefined;
  // The closed instance's memory goes back at V8's next full collection, which a server at rest
  // may not run for hours; `npm start` runs node with --expose-gc so that it happens now.
  (globalThis as { gc?: () => void }).gc?.();
  return openDatabase(options);
}

/**
 * Applies the numbered SQL files in migrations/ that have not run yet, each in its own transaction.
 * Forward-only: a file that has run is never edited; a change is a new file. `before` stops at the
 * named file, leaving the database as an older release left it (for upgrade tests).
 */
export async function migrate(
  db: Database,
  { before }: { before?: string } = {},
): Promise<string[]> {
  await db.transaction().execute(async (trx) => {
    await lockMigrations(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
  });
  const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db);
  const alreadyApplied = new Set(done.rows.map((row) => row.name));

  const files = (await readdir(MIGRATIONS_DIR))
    .filter((file) => /^\d{4}_.+\.sql$/.test(file) && (before === undefined || file < before))
    .sort();
  const ran: string[] = [];
  for (const file of files) {
    if (alreadyApplied.has(file)) continue;
    const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    const appliedNow = await db.transaction().execute(async (trx) => {
      await lockMigrations(trx);
      // Another process may have applied it while this one waited for the lock.
      const again = await sql`SELECT 1 FROM schema_migrations WHERE name = ${file}`.execute(trx);
      if (again.rows.length > 0) return false;
      for (const statement of splitStatements(text)) await sql.raw(statement).execute(trx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(trx);
      return true;
    });
    if (appliedNow) ran.push(file);
  }
  return ran;
}

async function lockMigrations(trx: Transaction<DB>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
}

/**
 * PGlite runs one statement per query through the extended protocol, so a file is split into its
 * statements, by PostgreSQL's rules: semicolons in strings, quoted names, comments and
 * dollar-quoted bodies (a function's $$ … $$) never split it.
 */
export function splitStatements(text: string): string[] {
  return splitQuery(text, postgreSplitterOptions).map((statement) =>
    typeof statement === 'string' ? statement : statement.text,
  );
}
