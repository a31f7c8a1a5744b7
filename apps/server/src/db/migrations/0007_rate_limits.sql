-- Request counts of the rate limiter on PostgreSQL, so every server process counts against the
-- same limits (on PGlite there is one process and the counts stay in its memory).
-- A fixed window per key: `hits` since the window started, reset once `resets_at` has passed.
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  resets_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_resets_at_idx ON rate_limit_counters (resets_at);
