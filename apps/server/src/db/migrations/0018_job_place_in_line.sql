-- A document's next step waits in line where its first step stood, so it is claimed before the
-- steps of documents uploaded after it: the documents of a batch reach review one after another,
-- not all of them in the batch's last seconds. New jobs join the end of the line; a follow-up job
-- copies its predecessor's place (jobs.repository.ts, `continues`). Existing jobs keep their order.
ALTER TABLE jobs ADD COLUMN place_in_line bigint;
UPDATE jobs SET place_in_line = id;
CREATE SEQUENCE jobs_place_in_line_seq OWNED BY jobs.place_in_line;
SELECT setval('jobs_place_in_line_seq', (SELECT coalesce(max(id), 0) + 1 FROM jobs), false);
ALTER TABLE jobs ALTER COLUMN place_in_line SET DEFAULT nextval('jobs_place_in_line_seq'),
  ALTER COLUMN place_in_line SET NOT NULL;
-- A claim reads these indexes in order and stops at the first due job, instead of sorting every
-- queued job: interactive work and the oldest background work by place in line, and the next
-- company's background work by company (work of no company under the nil id), then by place.
CREATE INDEX jobs_queued_in_line_idx ON jobs (lane, place_in_line, id) WHERE status = 'queued';
CREATE INDEX jobs_queued_by_owner_idx ON jobs (
  lane, (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid)), place_in_line, id
) WHERE status = 'queued';
DROP INDEX jobs_ready_lane_idx;
