-- One "Start Processing" request: a batch of files to process as one document type.
CREATE TABLE uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  doc_type_id uuid NOT NULL REFERENCES doc_types (id) ON DELETE CASCADE,
  file_ids uuid[] NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_tenant_idx ON uploads (tenant_id, created_at DESC);

-- One document on its way through extraction, agents, review and approval.
-- A document type with pipelines is deleted only on purpose (the service removes them first),
-- so doc_type_id and file_id have no cascade.
CREATE TABLE pipelines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  doc_type_id uuid NOT NULL REFERENCES doc_types (id),
  file_id uuid NOT NULL REFERENCES files (id),
  upload_id uuid REFERENCES uploads (id) ON DELETE SET NULL,
  original_filename text NOT NULL,
  current_step text NOT NULL CHECK (current_step IN (
    'extraction', 'data_entry', 'reconciliation', 'human_review', 'approval', 'completed', 'failed'
  )),
  -- Set when current_step is 'failed': the step that failed and a reason a user can read.
  failed_step text,
  failure_reason text,
  -- The engine's output, {fields: {key: {value, confidence, source}}, tables: {key: {rows}}}.
  extracted_data jsonb,
  -- The reviewer's values; NULL until a review is saved.
  reviewed_data jsonb,
  review_notes text NOT NULL DEFAULT '',
  -- The last approver's note (a rejection's reason is shown on the review screen).
  decision_notes text NOT NULL DEFAULT '',
  assigned_to uuid REFERENCES users (id) ON DELETE SET NULL,
  -- Optimistic concurrency: every write bumps it; a save carrying an older one is refused.
  version integer NOT NULL DEFAULT 1,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  approved_by uuid REFERENCES users (id) ON DELETE SET NULL,
  approved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The pending lists and the dashboard: by step, newest first, optionally per type.
CREATE INDEX pipelines_tenant_step_idx ON pipelines (tenant_id, current_step, created_at DESC, id DESC);
CREATE INDEX pipelines_tenant_type_step_idx
  ON pipelines (tenant_id, doc_type_id, current_step, created_at DESC, id DESC);
CREATE INDEX pipelines_tenant_created_idx ON pipelines (tenant_id, created_at DESC, id DESC);
CREATE INDEX pipelines_file_idx ON pipelines (file_id);
CREATE INDEX pipelines_doc_type_idx ON pipelines (doc_type_id);

-- The history of a pipeline: steps, edits, decisions and assignments, with who and when.
CREATE TABLE pipeline_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  pipeline_id uuid NOT NULL REFERENCES pipelines (id) ON DELETE CASCADE,
  kind text NOT NULL,
  -- NULL for the system (extraction, agents); actor_label names the user, key or 'System'.
  actor_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_label text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pipeline_events_pipeline_idx ON pipeline_events (pipeline_id, id);

-- The durable job queue. A worker claims a queued job whose run_at has come with
-- FOR UPDATE SKIP LOCKED and holds a lease (locked_until) it renews while working; a running job
-- whose lease ran out belonged to a worker that died and is claimed again.
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  payload jsonb NOT NULL,
  tenant_id uuid REFERENCES tenants (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5,
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  locked_by text,
  last_error text,
  -- At most one queued or running job per key (e.g. one extraction per pipeline).
  dedupe_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX jobs_ready_idx ON jobs (run_at, id) WHERE status = 'queued';
CREATE INDEX jobs_lease_idx ON jobs (locked_until) WHERE status = 'running';
CREATE INDEX jobs_finished_idx ON jobs (finished_at) WHERE status IN ('succeeded', 'failed');
-- Deleting a pipeline deletes its jobs.
CREATE INDEX jobs_pipeline_idx ON jobs ((payload ->> 'pipelineId'));
CREATE UNIQUE INDEX jobs_dedupe_idx ON jobs (dedupe_key) WHERE status IN ('queued', 'running');
