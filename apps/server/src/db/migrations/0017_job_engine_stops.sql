-- A document that freezes or exhausts the engine must not be tried for ever, nor bring the server
-- down at every restart. `engine_stops` counts the runs of a job that ended its worker: the engine
-- stopped under it (a time or memory limit, a crash), or the worker process died or stopped
-- renewing its lease while it ran. A stop before the limit is retried like any failure; at the
-- limit (JOB_MAX_ENGINE_STOPS) the job fails for good. A worker that hands a job back when it is
-- told to stop does not count. Retrying the document enqueues a new job, which starts at 0.
ALTER TABLE jobs ADD COLUMN engine_stops integer NOT NULL DEFAULT 0;
