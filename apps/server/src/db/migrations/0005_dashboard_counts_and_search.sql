-- Pipelines per tenant, type and step, kept by a trigger in the same transaction as every change,
-- so the dashboard's counts read a handful of rows however many documents a company has.
CREATE TABLE pipeline_counts (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  doc_type_id uuid NOT NULL REFERENCES doc_types (id) ON DELETE CASCADE,
  current_step text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (tenant_id, doc_type_id, current_step)
);

-- Statement-level triggers with transition tables: a bulk insert or delete adjusts each counter
-- once per statement, not once per row (a hot counter row updated per row would grow a version
-- per row inside one transaction). Updates that leave tenant, type and step alone net to nothing.
CREATE FUNCTION pipeline_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO pipeline_counts (tenant_id, doc_type_id, current_step, count)
    SELECT tenant_id, doc_type_id, current_step, count(*) FROM new_rows
    GROUP BY tenant_id, doc_type_id, current_step
    ON CONFLICT (tenant_id, doc_type_id, current_step)
    DO UPDATE SET count = pipeline_counts.count + EXCLUDED.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE pipeline_counts c SET count = c.count - d.removed
    FROM (
      SELECT tenant_id, doc_type_id, current_step, count(*) AS removed FROM old_rows
      GROUP BY tenant_id, doc_type_id, current_step
    ) d
    WHERE c.tenant_id = d.tenant_id
      AND c.doc_type_id = d.doc_type_id
      AND c.current_step = d.current_step;
  ELSE
    INSERT INTO pipeline_counts (tenant_id, doc_type_id, current_step, count)
    SELECT tenant_id, doc_type_id, current_step, sum(delta) FROM (
      SELECT tenant_id, doc_type_id, current_step, -1 AS delta FROM old_rows
      UNION ALL
      SELECT tenant_id, doc_type_id, current_step, 1 AS delta FROM new_rows
    ) changes
    GROUP BY tenant_id, doc_type_id, current_step
    HAVING sum(delta) <> 0
    ON CONFLICT (tenant_id, doc_type_id, current_step)
    DO UPDATE SET count = pipeline_counts.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER pipelines_counted_insert AFTER INSERT ON pipelines
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pipeline_counts_track();
CREATE TRIGGER pipelines_counted_update AFTER UPDATE ON pipelines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pipeline_counts_track();
CREATE TRIGGER pipelines_counted_delete AFTER DELETE ON pipelines
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pipeline_counts_track();

INSERT INTO pipeline_counts (tenant_id, doc_type_id, current_step, count)
SELECT tenant_id, doc_type_id, current_step, count(*) FROM pipelines
GROUP BY tenant_id, doc_type_id, current_step;

-- Searching documents by a part of their name ("%march%") uses trigrams instead of reading every
-- file row. The extension lives in public so that every schema (tests use one each) finds it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX files_name_search_idx ON files USING gin (original_filename public.gin_trgm_ops);
