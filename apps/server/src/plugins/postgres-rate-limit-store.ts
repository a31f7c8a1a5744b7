import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'kysely';

import type { Database } from '../db/client.js';

/** How often expired counters are swept away (one DELETE, from whichever request comes first). */
const SWEEP_EVERY_MS = 60_000;

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * @fastify/rate-limit's store interface over the `rate_limit_counters` table, for PostgreSQL:
 * one upsert per request counts it and starts a new window when the old one has passed, so
 * every process sharing the database counts against the same limit.
 */
export class PostgresRateLimitStore implements FastifyRateLimitStore {
  private lastSweep = 0;

  constructor(
    private readonly db: Database,
    private readonly onSweepError: (error: unknown) => void = () => {},
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    this.count(key, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** The current state of a key without counting a request. */
  read(key: string, callback: IncrCallback): void {
    sql<{ hits: number; ttlMs: number }>`
      SELECT hits, ceil(extract(epoch FROM resets_at - now()) * 1000)::int AS ttl_ms
      FROM rate_limit_counters WHERE key = ${key} AND resets_at > now()`
      .execute(this.db)
      .then(
        ({ rows }) => callback(null, { current: rows[0]?.hits ?? 0, ttl: rows[0]?.ttlMs ?? 0 }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
  }

  /** Every limiter shares the table; limiters keep apart by the keys they build. */
  child(): FastifyRateLimitStore {
    return this;
  }

  async count(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    this.sweepNowAndThen();
    const { rows } = await sql<{ hits: number; ttlMs: number }>`
      INSERT INTO rate_limit_counters AS c (key, hits, resets_at)
      VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN c.resets_at <= now() THEN 1 ELSE c.hits + 1 END,
        resets_at = CASE WHEN c.resets_at <= now() THEN excluded.resets_at ELSE c.resets_at END
      RETURNING c.hits, ceil(extract(epoch FROM c.resets_at - now()) * 1000)::int AS ttl_ms`.execute(
      this.db,
    );
    const row = rows[0]!;
    return { current: row.hits, ttl: Math.max(0, row.ttlMs) };
  }

  private sweepNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.db
      .deleteFrom('rateLimitCounters')
      .where('resetsAt', '<', sql<Date>`now()`)
      .execute()
      .catch(this.onSweepError);
  }
}
