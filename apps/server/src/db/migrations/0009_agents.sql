-- What the agents last did to a pipeline: the data entry agent's changes and the reconciliation
-- report, {data_entry: {ran_at, changes}, reconciliation: {ran_at, summary, checks}}.
ALTER TABLE pipelines ADD COLUMN agent_report jsonb;
-- Vendor and invoice number (receipts: merchant, date and total), normalised, as the agents last
-- read them: the duplicates check looks for another pipeline of the same company with the same key.
ALTER TABLE pipelines ADD COLUMN duplicate_key text;
CREATE INDEX pipelines_duplicate_key_idx ON pipelines (tenant_id, duplicate_key)
  WHERE duplicate_key IS NOT NULL;

-- A run of an agent over many pipelines, worked through in the background in batches; the
-- Agents screen polls its progress. results holds {pipeline_id, success, message} per pipeline done.
CREATE TABLE agent_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  agent text NOT NULL CHECK (agent IN ('data_entry', 'reconciliation')),
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'completed')),
  pipeline_ids uuid[] NOT NULL,
  results jsonb NOT NULL DEFAULT '[]',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX agent_runs_tenant_idx ON agent_runs (tenant_id, created_at DESC);
