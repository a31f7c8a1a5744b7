-- Uploaded document files. The bytes live in blob storage under storage_key; the row says what
-- they are. The format comes from the content (magic bytes), never from the file name.
CREATE TABLE files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  storage_key text NOT NULL,
  original_filename text NOT NULL,
  content_type text NOT NULL,
  format text NOT NULL CHECK (format IN ('pdf', 'png', 'jpeg', 'tiff', 'doc', 'docx')),
  size_bytes bigint NOT NULL,
  sha256 text NOT NULL,
  -- 0 when the file cannot be read; read_error then says why (damaged, password-protected).
  pages integer NOT NULL DEFAULT 0,
  read_error text,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_tenant_created_idx ON files (tenant_id, created_at DESC, id DESC);

-- What the engine read from a file (words with boxes per page), so a file is OCR'd once however
-- often it is classified, suggested from, tested or extracted. reader_version invalidates it.
CREATE TABLE file_readings (
  file_id uuid PRIMARY KEY REFERENCES files (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  reader_version text NOT NULL,
  reading jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- What a tenant extracts: fields, tables, agents and export settings of one kind of document.
CREATE TABLE doc_types (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  preset_key text,
  fields jsonb NOT NULL DEFAULT '[]',
  tables jsonb NOT NULL DEFAULT '[]',
  -- NULL for a type stored before it had agent settings: it reads as extraction only.
  agents_enabled jsonb,
  extraction_instructions text NOT NULL DEFAULT '',
  data_entry_instructions text NOT NULL DEFAULT '',
  -- [{id, enabledFor}] links to rag_documents.
  reference_documents jsonb NOT NULL DEFAULT '[]',
  export_settings jsonb NOT NULL,
  -- The wizard's Test step creates a throwaway copy: never listed, deleted after its test.
  is_temporary boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX doc_types_tenant_list_idx ON doc_types (tenant_id, created_at DESC, id DESC)
  WHERE NOT is_temporary;

-- Knowledge documents the agents read; their text is extracted once, at upload.
CREATE TABLE rag_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  original_filename text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 text NOT NULL,
  storage_key text NOT NULL,
  text text NOT NULL DEFAULT '',
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rag_documents_tenant_idx ON rag_documents (tenant_id, created_at DESC, id DESC);
