-- The optional AI model (an OpenAI-compatible endpoint). Each request to it is recorded for the
-- company's usage totals on Settings and the last error there: which pipeline it served, what for,
-- tokens, latency, and whether its answer was used or the offline result kept.
CREATE TABLE model_calls (
  id bigserial PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  -- Null for work outside a pipeline (a Quick Setup suggestion); kept when the pipeline goes.
  pipeline_id uuid REFERENCES pipelines (id) ON DELETE SET NULL,
  purpose text NOT NULL CHECK (purpose IN ('extraction', 'suggestion', 'data_entry', 'reconciliation')),
  model text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('used', 'fallback')),
  input_tokens integer NOT NULL DEFAULT 0,
  output_tokens integer NOT NULL DEFAULT 0,
  latency_ms integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX model_calls_tenant_idx ON model_calls (tenant_id, created_at DESC);
CREATE INDEX model_calls_pipeline_idx ON model_calls (pipeline_id) WHERE pipeline_id IS NOT NULL;

-- A company may keep a document type on the offline engine even when a model is configured.
ALTER TABLE doc_types ADD COLUMN use_model boolean NOT NULL DEFAULT true;
