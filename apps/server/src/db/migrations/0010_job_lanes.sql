-- Engine work a person is waiting for (a test extraction, a text layer, a re-extract) runs on the
-- job queue in the interactive lane, claimed before background extraction and with a slot of its
-- own, so a burst of uploads never keeps it waiting. Its answer is stored in `result` for the
-- request (or another process's request) that waits on the row.
ALTER TABLE jobs ADD COLUMN lane text NOT NULL DEFAULT 'background'
  CHECK (lane IN ('interactive', 'background'));
ALTER TABLE jobs ADD COLUMN result jsonb;
CREATE INDEX jobs_ready_lane_idx ON jobs (lane, run_at, id) WHERE status = 'queued';
