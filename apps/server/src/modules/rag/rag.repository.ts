import { sql } from 'kysely';

import type { Database, DbExecutor } from '../../db/client.js';
import type { RagDocumentRow } from '../../db/schema.js';

/** A knowledge document without its text (which can be large). */
export type RagDocumentSummary = Omit<RagDocumentRow, 'text'> & { textLength: number };

export interface NewRagDocument {
  id: string;
  tenantId: string;
  name: string;
  description: string;
  originalFilename: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  storageKey: string;
  text: string;
  uploadedBy: string;
}

/** Knowledge documents. Every query is scoped by the tenant id it is given. */
export class RagRepository {
  constructor(private readonly db: Database) {}

  private summaries(trx: DbExecutor) {
    return trx
      .selectFrom('ragDocuments')
      .select([
        'id',
        'tenantId',
        'name',
        'description',
        'originalFilename',
        'contentType',
        'sizeBytes',
        'sha256',
        'storageKey',
        'uploadedBy',
        'createdAt',
      ])
      .select(sql<number>`char_length(text)`.as('textLength'));
  }

  async insert(document: NewRagDocument, trx: DbExecutor = this.db): Promise<RagDocumentSummary> {
    await trx.insertInto('ragDocuments').values(document).execute();
    return this.summaries(trx)
      .where('tenantId', '=', document.tenantId)
      .where('id', '=', document.id)
      .executeTakeFirstOrThrow();
  }

  /** The tenant's knowledge documents, newest first. */
  list(tenantId: string, limit: number, trx: DbExecutor = this.db): Promise<RagDocumentSummary[]> {
    return this.summaries(trx)
      .where('tenantId', '=', tenantId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The tenant's documents among `ids`; ids of other tenants or deleted documents are absent. */
  findByIds(
    tenantId: string,
    ids: readonly string[],
    trx: DbExecutor = this.db,
  ): Promise<RagDocumentSummary[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.summaries(trx).where('tenantId', '=', tenantId).where('id', 'in', ids).execute();
  }

  /** The text already read from the tenant's knowledge document with these bytes, if any. */
  async findTextBySha256(
    tenantId: string,
    sha256: string,
    trx: DbExecutor = this.db,
  ): Promise<string | undefined> {
    const row = await trx
      .selectFrom('ragDocuments')
      .select('text')
      .where('tenantId', '=', tenantId)
      .where('sha256', '=', sha256)
      .limit(1)
      .executeTakeFirst();
    return row?.text;
  }

  /** Deletes a document; answers its storage key, or undefined when there was none. */
  async delete(
    tenantId: string,
    id: string,
    trx: DbExecutor = this.db,
  ): Promise<string | undefined> {
    const row = await trx
      .deleteFrom('ragDocuments')
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .returning('storageKey')
      .executeTakeFirst();
    return row?.storageKey;
  }
}
