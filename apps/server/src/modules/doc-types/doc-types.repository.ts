import type {
  AgentsEnabled,
  ExportSettings,
  FieldDefinition,
  TableDefinition,
} from '@parser/contracts';
import { sql } from 'kysely';

import type { Database, DbExecutor } from '../../db/client.js';
import { jsonb } from '../../db/json.js';
import type { DocTypeRow } from '../../db/schema.js';

/** A knowledge document linked to a type, as stored in doc_types.reference_documents. */
export interface StoredReferenceLink {
  id: string;
  enabledFor: ('data_entry' | 'recon')[];
}

/** Everything a type's row holds that a create or an update writes. */
export interface DocTypeValues {
  name: string;
  fields: FieldDefinition[];
  tables: TableDefinition[];
  agentsEnabled: AgentsEnabled;
  extractionInstructions: string;
  dataEntryInstructions: string;
  referenceDocuments: StoredReferenceLink[];
  exportSettings: ExportSettings;
}

export interface NewDocType extends DocTypeValues {
  tenantId: string;
  description: string;
  presetKey: string | null;
  isTemporary: boolean;
  createdBy: string;
}

/** Document types. Every query is scoped by the tenant id it is given. */
export class DocTypesRepository {
  constructor(private readonly db: Database) {}

  insert(values: NewDocType, trx: DbExecutor = this.db): Promise<DocTypeRow> {
    return trx
      .insertInto('docTypes')
      .values({
        ...values,
        fields: jsonb(values.fields),
        tables: jsonb(values.tables),
        agentsEnabled: jsonb(values.agentsEnabled),
        referenceDocuments: jsonb(values.referenceDocuments),
        exportSettings: jsonb(values.exportSettings),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findById(
    tenantId: string,
    id: string,
    trx: DbExecutor = this.db,
    options: { forUpdate?: boolean } = {},
  ): Promise<DocTypeRow | undefined> {
    let query = trx
      .selectFrom('docTypes')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id);
    if (options.forUpdate) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  /** The tenant's types, newest first; the Test step's temporary copies are never listed. */
  list(tenantId: string, limit: number, trx: DbExecutor = this.db): Promise<DocTypeRow[]> {
    return trx
      .selectFrom('docTypes')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('isTemporary', '=', false)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  update(
    tenantId: string,
    id: string,
    values: DocTypeValues,
    trx: DbExecutor = this.db,
  ): Promise<DocTypeRow> {
    return trx
      .updateTable('docTypes')
      .set({
        name: values.name,
        fields: jsonb(values.fields),
        tables: jsonb(values.tables),
        agentsEnabled: jsonb(values.agentsEnabled),
        extractionInstructions: values.extractionInstructions,
        dataEntryInstructions: values.dataEntryInstructions,
        referenceDocuments: jsonb(values.referenceDocuments),
        exportSettings: jsonb(values.exportSettings),
        updatedAt: new Date(),
      })
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Deletes a type; answers whether one was deleted. Pipelines using it must be gone first. */
  async delete(tenantId: string, id: string, trx: DbExecutor = this.db): Promise<boolean> {
    const result = await trx
      .deleteFrom('docTypes')
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /**
   * Deletes temporary types: one by id, or all created before `olderThan` (wizards left before
   * their test finished). A temporary type that documents were uploaded to is kept.
   */
  async deleteTemporary(
    tenantId: string,
    which: { id: string } | { olderThan: Date },
    trx: DbExecutor = this.db,
  ): Promise<number> {
    let query = trx
      .deleteFrom('docTypes')
      .where('tenantId', '=', tenantId)
      .where('isTemporary', '=', true)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('pipelines')
              .select(sql<number>`1`.as('one'))
              .whereRef('pipelines.docTypeId', '=', 'docTypes.id'),
          ),
        ),
      );
    query =
      'id' in which
        ? query.where('id', '=', which.id)
        : query.where('createdAt', '<', which.olderThan);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
