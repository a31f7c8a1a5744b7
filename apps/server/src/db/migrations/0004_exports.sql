-- The Exports screen: approved documents, most recently approved first, optionally per type.
-- A completed pipeline always has approved_at; the fallback keeps any other way to completion listed.
CREATE INDEX pipelines_tenant_approved_idx
  ON pipelines (tenant_id, (coalesce(approved_at, created_at)) DESC, id DESC)
  WHERE current_step = 'completed';
CREATE INDEX pipelines_tenant_type_approved_idx
  ON pipelines (tenant_id, doc_type_id, (coalesce(approved_at, created_at)) DESC, id DESC)
  WHERE current_step = 'completed';

-- The secret that signs a tenant's webhook deliveries (X-Parser-Signature); created on first use.
CREATE TABLE webhook_secrets (
  tenant_id uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz
);

-- One delivery of an approved document to a webhook: automatic (on approval) or manual.
-- headers holds everything a retry sends besides the signed body (custom headers, Authorization,
-- the API key header); it is never part of an API answer.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  pipeline_id uuid NOT NULL REFERENCES pipelines (id) ON DELETE CASCADE,
  url text NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}',
  timeout_seconds integer NOT NULL DEFAULT 30 CHECK (timeout_seconds BETWEEN 5 AND 300),
  trigger text NOT NULL CHECK (trigger IN ('auto', 'manual')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_error text,
  next_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
-- A pipeline's deliveries and the latest one per pipeline on the Exports screen.
CREATE INDEX webhook_deliveries_pipeline_idx ON webhook_deliveries (pipeline_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_tenant_idx ON webhook_deliveries (tenant_id, created_at DESC, id DESC);

-- Every request made for a delivery, with its outcome.
CREATE TABLE webhook_delivery_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  error text,
  duration_ms integer NOT NULL
);
CREATE INDEX webhook_delivery_attempts_delivery_idx ON webhook_delivery_attempts (delivery_id, attempt);

-- Keys integrations use as bearer tokens: `prs_<prefix>_<secret>`; only the sha256 is kept.
-- A key records its work as its creator (created_by) and is deleted with that account.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL UNIQUE,
  key_hash text NOT NULL,
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_tenant_idx ON api_keys (tenant_id, created_at DESC, id DESC);
CREATE INDEX api_keys_created_by_idx ON api_keys (created_by);
