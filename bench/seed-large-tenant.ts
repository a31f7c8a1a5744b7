import { sql } from 'kysely';

import type { Database } from '../apps/server/src/db/client.js';

/**
 * Seeds `count` pipelines (each with its own file row) for one tenant and type, in one statement
 * per table, as a busy company has them: most approved, a few thousand waiting for review or
 * approval, some failed. Rows are `n` seconds old, so every list page is a different slice.
 * `offset` continues numbering after an earlier seed (several tenants, several rounds).
 */
export async function seedPipelines(
  db: Database,
  options: { tenantId: string; docTypeId: string; count: number; offset?: number },
): Promise<void> {
  const { tenantId, docTypeId, count } = options;
  const from = (options.offset ?? 0) + 1;
  const to = (options.offset ?? 0) + count;
  await sql`
    INSERT INTO files (id, tenant_id, storage_key, original_filename, content_type, format,
                       size_bytes, sha256, pages, created_at)
    SELECT md5('file' || ${tenantId} || n)::uuid, ${tenantId}, 'bench/' || n, 'invoice-' || n || '.pdf',
           'application/pdf', 'pdf', 12345, md5(n::text), 1,
           now() - (n || ' seconds')::interval
    FROM generate_series(${from}::int, ${to}::int) AS n`.execute(db);
  await sql`
    INSERT INTO pipelines (tenant_id, doc_type_id, file_id, original_filename, current_step,
                           created_at, updated_at)
    SELECT ${tenantId}, ${docTypeId}, md5('file' || ${tenantId} || n)::uuid, 'invoice-' || n || '.pdf',
           CASE WHEN n % 50 = 0 THEN 'approval'
                WHEN n % 20 = 0 THEN 'human_review'
                WHEN n % 97 = 0 THEN 'failed'
                ELSE 'completed' END,
           now() - (n || ' seconds')::interval, now()
    FROM generate_series(${from}::int, ${to}::int) AS n`.execute(db);
}

/** A tenant and an invoice type straight in the database (no user: enough for query plans). */
export async function seedTenant(db: Database, name: string) {
  const tenant = await sql<{ id: string }>`
    INSERT INTO tenants (name) VALUES (${name}) RETURNING id`.execute(db);
  const tenantId = tenant.rows[0]!.id;
  const type = await sql<{ id: string }>`
    INSERT INTO doc_types (tenant_id, name, export_settings)
    VALUES (${tenantId}, 'Invoices', '{}'::jsonb) RETURNING id`.execute(db);
  return { tenantId, docTypeId: type.rows[0]!.id };
}
