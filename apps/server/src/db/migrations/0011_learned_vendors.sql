-- Learning from corrections: the vendors a company's reviewers taught, per document type, with how
-- to recognise them (tax ids, IBANs, names) and the hints their reviewed documents add up to.
-- Every row belongs to one company; nothing here is ever read for another company's documents.
CREATE TABLE learned_vendors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  doc_type_id uuid NOT NULL REFERENCES doc_types (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- Identifying keys: ["tax:DE123456789", "iban:DE89…", "name:acme"].
  keys jsonb NOT NULL,
  -- The lessons added up: per field the competing readings, strongest first.
  hints jsonb NOT NULL,
  documents_taught integer NOT NULL DEFAULT 0,
  last_taught_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX learned_vendors_tenant_type_idx ON learned_vendors (tenant_id, doc_type_id);

-- What one reviewed document taught (labels and positions, no values). Keyed by the document, so
-- a document submitted again after a rejection replaces its lesson rather than counting twice.
-- No reference to pipelines: what was learned stays when the document is deleted.
CREATE TABLE learned_lessons (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  pipeline_id uuid NOT NULL,
  vendor_id uuid NOT NULL REFERENCES learned_vendors (id) ON DELETE CASCADE,
  lesson jsonb NOT NULL,
  taught_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, pipeline_id)
);
CREATE INDEX learned_lessons_vendor_idx ON learned_lessons (vendor_id, taught_at);
