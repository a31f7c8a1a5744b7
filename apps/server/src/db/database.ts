import type { Kysely, Transaction } from 'kysely';

import type { DB } from './schema.js';

/** The application's database, whichever engine serves it (PGlite or PostgreSQL). */
export type Database = Kysely<DB>;

/** What a query runs on: the database itself, or a transaction a caller holds open. */
export type DbExecutor = Kysely<DB> | Transaction<DB>;
