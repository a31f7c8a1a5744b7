import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';

import type { Database } from './client.js';

const HOUR_MS = 3_600_000;

/**
 * PGlite runs PostgreSQL without its background workers, so nothing autovacuums: updated and
 * deleted rows would pile up and the planner's statistics would go stale. The embedded server
 * vacuums and analyses itself every `intervalMs` instead. Answers a function that stops it.
 */
export function startEmbeddedMaintenance(
  db: Database,
  logger: FastifyBaseLogger,
  intervalMs = HOUR_MS,
): () => void {
  const run = async () => {
    const started = performance.now();
    try {
      await sql`VACUUM (ANALYZE)`.execute(db);
      logger.debug({ ms: Math.round(performance.now() - started) }, 'database vacuumed');
    } catch (error) {
      logger.warn({ err: error }, 'database maintenance failed');
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
