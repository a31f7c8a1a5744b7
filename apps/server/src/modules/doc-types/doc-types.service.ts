import { randomUUID } from 'node:crypto';

import {
  type DocType,
  type DocTypeCreateInput,
  type DocTypeTestResult,
  type DocTypeUpdateInput,
  type FieldDefinition,
  keyProblems,
  mergeAgentsEnabled,
  PresetKey,
  type ReferenceDocument,
  type TableDefinition,
} from '@parser/contracts';
import { isEngineStopped } from '@parser/extraction';
import type { FastifyBaseLogger } from 'fastify';

import type { Database, DbExecutor } from '../../db/client.js';
import type { DocTypeRow } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import type { TenantAuth } from '../../plugins/auth.js';
import type {
  DocumentExtracted,
  DocumentExtraction,
} from '../extraction/document-extraction.service.js';
import type { FilesService } from '../files/files.service.js';
import type { PipelinesRemoval, RemovedFile } from '../pipelines/pipelines-removal.js';
import type { RagDocumentSummary, RagService } from '../rag/rag.service.js';

import type {
  DocTypesRepository,
  DocTypeValues,
  StoredReferenceLink,
} from './doc-types.repository.js';
import {
  maskExportSecrets,
  mayReadExportSecrets,
  refuseMaskedSecrets,
  updatedExportSettings,
} from './export-secrets.js';
import { DOC_TYPES_LIMIT } from './doc-type-lookup.js';
import { storedLinks, storedValues, toPipelineDocType } from './stored-doc-type.js';

/** The list screen shows every type; the cap keeps one answer bounded. */
const LIST_LIMIT = DOC_TYPES_LIMIT;
/** A temporary type older than this belongs to a wizard that was left before its test finished. */
const TEMPORARY_TYPE_TTL_MS = 60 * 60 * 1000;

export interface DocTypesDeps {
  db: Database;
  docTypes: DocTypesRepository;
  rag: RagService;
  pipelinesRemoval: PipelinesRemoval;
  files: FilesService;
  /** The Test step extracts a file as documents of the type will be extracted. */
  extraction: DocumentExtraction;
  log: FastifyBaseLogger;
}

type ReferenceLinkInput = { id: string; enabledFor: ('data_entry' | 'recon')[] };

/** Document types: what a tenant extracts, with agents, knowledge documents and export settings. */
export class DocTypesService {
  constructor(private readonly deps: DocTypesDeps) {}

  async list(auth: TenantAuth): Promise<DocType[]> {
    const rows = await this.deps.docTypes.list(auth.tenantId, LIST_LIMIT);
    const knowledge = await this.knowledgeDocumentsOf(auth.tenantId, rows);
    return rows.map((row) => visibleTo(auth, toDocType(row, knowledge)));
  }

  async get(auth: TenantAuth, id: string): Promise<DocType> {
    const row = await this.findRow(auth.tenantId, id);
    return visibleTo(auth, toDocType(row, await this.knowledgeDocumentsOf(auth.tenantId, [row])));
  }

  async create(auth: TenantAuth, input: DocTypeCreateInput): Promise<DocType> {
    const links = mergeLinks(input.referenceDocuments, input.ragDocs) ?? [];
    await this.assertKnowledgeDocuments(auth.tenantId, links);
    if (input.temporary) {
      await this.deps.docTypes.deleteTemporary(auth.tenantId, {
        olderThan: new Date(Date.now() - TEMPORARY_TYPE_TTL_MS),
      });
    }
    const row = await this.deps.docTypes.insert({
      tenantId: auth.tenantId,
      name: input.temporary ? temporaryName(input.name) : input.name,
      description: input.description,
      presetKey: input.presetKey,
      fields: withFieldIds(input.fields),
      tables: withTableIds(input.tables),
      agentsEnabled: input.agentsEnabled,
      extractionInstructions: input.extractionInstructions,
      dataEntryInstructions: input.dataEntryInstructions,
      referenceDocuments: links,
      exportSettings: refuseMaskedSecrets(input.exportSettings),
      isTemporary: input.temporary,
      createdBy: auth.userId,
    });
    return visibleTo(auth, toDocType(row, await this.knowledgeDocumentsOf(auth.tenantId, [row])));
  }

  /** The edit-mode subset: only what the request sends changes; description and preset never do. */
  async update(auth: TenantAuth, id: string, input: DocTypeUpdateInput): Promise<DocType> {
    assertId(id, 'Document type');
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const current = await this.deps.docTypes.findById(auth.tenantId, id, trx, {
        forUpdate: true,
      });
      if (!current) throw notFound('Document type');
      const stored = storedValues(current);
      const links = mergeLinks(input.referenceDocuments, input.ragDocs);
      if (links) await this.assertKnowledgeDocuments(auth.tenantId, links, trx);
      const next: DocTypeValues = {
        name: input.name ?? stored.name,
        fields: input.fields ? withFieldIds(input.fields) : stored.fields,
        tables: input.tables ? withTableIds(input.tables) : stored.tables,
        agentsEnabled: input.agentsEnabled
          ? mergeAgentsEnabled(stored.agentsEnabled, input.agentsEnabled)
          : stored.agentsEnabled,
        extractionInstructions: input.extractionInstructions ?? stored.extractionInstructions,
        dataEntryInstructions: input.dataEntryInstructions ?? stored.dataEntryInstructions,
        referenceDocuments: links ?? stored.referenceDocuments,
        exportSettings: input.exportSettings
          ? updatedExportSettings(auth, stored.exportSettings, input.exportSettings)
          : stored.exportSettings,
      };
      // The body's own keys were checked by its schema; a field sent alone can still collide
      // with a stored table's key.
      const problems = keyProblems(next.fields, next.tables);
      if (problems.length > 0) {
        throw new AppError('VALIDATION_FAILED', {
          message: problems.map((problem) => problem.message).join('; '),
        });
      }
      return this.deps.docTypes.update(auth.tenantId, id, next, trx);
    });
    return visibleTo(auth, toDocType(row, await this.knowledgeDocumentsOf(auth.tenantId, [row])));
  }

  /**
   * Deletes a type. Its documents (pipelines) are never orphaned: with documents the answer is 409
   * unless `force`, which removes them, their queued jobs and their files in the same transaction.
   */
  async delete(auth: TenantAuth, id: string, force: boolean): Promise<void> {
    assertId(id, 'Document type');
    const removedFiles = await this.deps.db.transaction().execute(async (trx) => {
      // Locking the row makes a concurrent upload to this type wait for the outcome.
      const type = await this.deps.docTypes.findById(auth.tenantId, id, trx, { forUpdate: true });
      if (!type) throw notFound('Document type');
      const documents = await this.deps.pipelinesRemoval.countForDocType(auth.tenantId, id, trx);
      let files: RemovedFile[] = [];
      if (documents > 0) {
        if (!force) {
          throw new AppError('CONFLICT', {
            message:
              `This document type is used by ${documents} document${documents === 1 ? '' : 's'}. ` +
              'Delete them first, or delete the type with its documents.',
          });
        }
        files = (await this.deps.pipelinesRemoval.removeForDocType(auth.tenantId, id, trx)).files;
      }
      await this.deps.docTypes.delete(auth.tenantId, id, trx);
      return files;
    });
    // Blobs go after the commit: a rolled-back delete must not lose file contents.
    await this.deps.files.removeBlobs(removedFiles.map((file) => file.storageKey));
  }

  /**
   * The wizard's Test step: extracts the type's fields and tables from a file. A temporary type is
   * deleted afterwards whatever the outcome.
   */
  async test(auth: TenantAuth, id: string, fileId: string): Promise<DocTypeTestResult> {
    const type = await this.findRow(auth.tenantId, id);
    try {
      // With an AI model, the test shows what the pipeline gives: the model's values merged in.
      const { document, extracted, modelWarnings } = await this.testExtraction(
        auth.tenantId,
        type,
        fileId,
      );
      return {
        ...extracted,
        pages: document.pages.length,
        ...(modelWarnings?.length ? { model_warnings: modelWarnings } : {}),
      };
    } finally {
      if (type.isTemporary) {
        await this.deps.docTypes
          .deleteTemporary(auth.tenantId, { id: type.id })
          .catch((error: unknown) =>
            this.deps.log.warn({ err: error, docTypeId: type.id }, 'could not delete a test type'),
          );
      }
    }
  }

  /** A test reads no learned hints: it shows what the type itself finds. */
  private async testExtraction(
    tenantId: string,
    type: DocTypeRow,
    fileId: string,
  ): Promise<DocumentExtracted> {
    try {
      return await this.deps.extraction.extract({
        tenantId,
        fileId,
        docType: toPipelineDocType(type),
        runsIn: 'request',
        learned: false,
        model: { for: 'test' },
      });
    } catch (error) {
      if (error instanceof AppError || isEngineStopped(error)) throw error;
      this.deps.log.error({ err: error, docTypeId: type.id }, 'extraction failed');
      throw new AppError('EXTRACTION_FAILED', {
        message: 'Extraction failed on this document. Try another file.',
        cause: error,
      });
    }
  }

  private async findRow(tenantId: string, id: string): Promise<DocTypeRow> {
    const row = await this.deps.docTypes.findById(tenantId, assertId(id, 'Document type'));
    if (!row) throw notFound('Document type');
    return row;
  }

  /** Every linked knowledge document must be one of the tenant's; otherwise 404 as for any id. */
  private async assertKnowledgeDocuments(
    tenantId: string,
    links: readonly StoredReferenceLink[],
    trx?: DbExecutor,
  ): Promise<void> {
    const ids = links.map((link) => link.id);
    const found = await this.deps.rag.findByIds(tenantId, ids, trx);
    if (found.length !== new Set(ids).size) throw notFound('Knowledge document');
  }

  private async knowledgeDocumentsOf(
    tenantId: string,
    rows: readonly DocTypeRow[],
  ): Promise<Map<string, RagDocumentSummary>> {
    const ids = new Set(rows.flatMap((row) => storedLinks(row).map((link) => link.id)));
    const documents = await this.deps.rag.findByIds(tenantId, [...ids]);
    return new Map(documents.map((document) => [document.id, document]));
  }
}

/**
 * The wizard sends knowledge documents as `ragDocs`, other clients as `referenceDocuments`: a link
 * in either counts, and a document in both is read by the agents either names. Undefined when the
 * request sends neither.
 */
function mergeLinks(
  ...lists: (readonly ReferenceLinkInput[] | undefined)[]
): StoredReferenceLink[] | undefined {
  if (lists.every((list) => list === undefined)) return undefined;
  const merged = new Map<string, Set<'data_entry' | 'recon'>>();
  for (const link of lists.flatMap((list) => list ?? [])) {
    const id = assertId(link.id, 'Knowledge document');
    const agents = merged.get(id) ?? new Set();
    link.enabledFor.forEach((agent) => agents.add(agent));
    merged.set(id, agents);
  }
  return [...merged].map(([id, agents]) => ({
    id,
    enabledFor: (['data_entry', 'recon'] as const).filter((agent) => agents.has(agent)),
  }));
}

/** The Test step's copy is named `{name}_test_{timestamp}`, as the wizard names it. */
function temporaryName(name: string): string {
  return /_test_\d+$/.test(name) ? name : `${name}_test_${Date.now()}`;
}

/** Fields and columns keep the ids the client gave them; new ones get one, for stable editing. */
function withFieldIds(fields: readonly FieldDefinition[]): FieldDefinition[] {
  return fields.map((field) => ({ ...field, id: field.id ?? randomUUID() }));
}

function withTableIds(tables: readonly TableDefinition[]): TableDefinition[] {
  return tables.map((table) => ({
    ...table,
    id: table.id ?? randomUUID(),
    columns: table.columns.map((column) => ({ ...column, id: column.id ?? randomUUID() })),
  }));
}

/** A type as this caller may read it: webhook secrets masked for members and API keys. */
function visibleTo(auth: TenantAuth, docType: DocType): DocType {
  return mayReadExportSecrets(auth)
    ? docType
    : { ...docType, exportSettings: maskExportSecrets(docType.exportSettings) };
}

function toDocType(row: DocTypeRow, knowledge: ReadonlyMap<string, RagDocumentSummary>): DocType {
  const values = storedValues(row);
  // Links to knowledge documents deleted since drop out of the answer.
  const referenceDocuments = values.referenceDocuments.flatMap((link): ReferenceDocument[] => {
    const document = knowledge.get(link.id);
    return document
      ? [
          {
            id: document.id,
            name: document.name,
            description: document.description,
            originalFilename: document.originalFilename,
            contentType: document.contentType,
            fileSize: Number(document.sizeBytes),
            enabledFor: link.enabledFor,
          },
        ]
      : [];
  });
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    presetKey: PresetKey.safeParse(row.presetKey).data ?? null,
    fields: values.fields.map((field) => ({ ...field, required: field.required ?? false })),
    tables: values.tables.map((table) => ({
      ...table,
      columns: table.columns.map((column) => ({ ...column })),
    })),
    agentsEnabled: values.agentsEnabled,
    data_entry_enabled: values.agentsEnabled.data_entry,
    recon_enabled: values.agentsEnabled.recon,
    extractionInstructions: values.extractionInstructions,
    dataEntryInstructions: values.dataEntryInstructions,
    referenceDocuments,
    exportSettings: values.exportSettings,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}
