-- The documents list shows each file with its latest pipeline. With an index on file_id alone the
-- database fetched every pipeline of each listed file and sorted them by creation time, one sort
-- per listed row; ordered by (file_id, created_at) the index answers the newest first and the
-- database stops at the first. It also holds what the list shows of that pipeline (id, step, and
-- the type a filtered list compares), so a settled pipeline is answered from the index alone.
-- The old index is a prefix of the new one, so it goes.
CREATE INDEX pipelines_file_created_idx ON pipelines (file_id, created_at DESC)
  INCLUDE (id, current_step, doc_type_id);
DROP INDEX pipelines_file_idx;
