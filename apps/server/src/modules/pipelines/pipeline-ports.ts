import type {
  AgentReport,
  AgentsEnabled,
  ColumnDefinition,
  ExtractionResult as StoredValues,
  FieldType,
  ReviewedData,
  ReviewSchema,
  ValueRef,
} from '@parser/contracts';
import type { ExtractionResult, ReadDocument } from '@parser/extraction';

import type { DbExecutor } from '../../db/client.js';

import type { RecordedEvent } from './state-machine/pipeline-history.js';

/** A document type as the pipeline runs it. */
export interface PipelineDocType {
  id: string;
  name: string;
  /** `aliases`: the type's extra labels for a field or column, which the engine also looks for. */
  fields: { key: string; label: string; type: FieldType; required: boolean; aliases?: string[] }[];
  tables: {
    key: string;
    label: string;
    columns: (Required<Omit<ColumnDefinition, 'id' | 'aliases'>> & { aliases?: string[] })[];
  }[];
  extractionInstructions: string;
  agentsEnabled: AgentsEnabled;
}

/** Where the pipeline finds its document types (the doc-types module). */
export interface PipelineDocTypes {
  /** The tenant's type with this id (temporary ones excluded), or undefined. */
  findForPipeline(tenantId: string, docTypeId: string): Promise<PipelineDocType | undefined>;
  /** Every (non-temporary) type of the tenant, for classifying an upload. */
  listForPipeline(tenantId: string): Promise<PipelineDocType[]>;
}

/** What the pipeline needs of the files module. */
export interface PipelineFiles {
  /** The engine's reading of a file (cached); throws AppError EXTRACTION_FAILED when unreadable. */
  read(tenantId: string, fileId: string): Promise<ReadDocument>;
  /** The same reading for a request that waits: done by the job worker, not in the request. */
  awaitReading(tenantId: string, fileId: string): Promise<ReadDocument>;
  /** Deletes stored bytes; best effort, after the rows' transaction committed. */
  removeBlobs(storageKeys: readonly string[]): Promise<void>;
}

/** Learning from corrections (the learning module): a repeat vendor's hints, applied. */
export interface PipelineLearning {
  /** The engine's result with the hints of the document's vendor, when the company learned it. */
  applyLearned(
    tenantId: string,
    docTypeId: string,
    document: ReadDocument,
    docType: PipelineDocType,
    extracted: ExtractionResult,
  ): Promise<ExtractionResult>;
  /** What reviewers taught about the document's vendor, as sentences for a model's prompt. */
  promptExamples(
    tenantId: string,
    docTypeId: string,
    document: ReadDocument,
    docType: PipelineDocType,
    extracted: ExtractionResult,
  ): Promise<string[]>;
}

export const reviewSchemaOf = (docType: PipelineDocType): ReviewSchema => ({
  fields: docType.fields.map(({ key, label, type, required }) => ({ key, label, type, required })),
  tables: docType.tables.map(({ key, label, columns }) => ({ key, label, columns })),
});

/** What the optional AI model's pass after the offline engine reads (the ai-model module). */
export interface PipelineModelInput {
  tenantId: string;
  pipelineId: string;
  fileId: string;
  fileName: string;
  docTypeId: string;
  docType: PipelineDocType;
  doc: ReadDocument;
  /** The offline engine's result, kept for every value the model cannot improve. */
  offline: ExtractionResult;
  /** What the company's reviewers taught about this document's vendor, as plain sentences. */
  learnedHints?: readonly string[];
}

/** What changed a pipeline's values, as the history names it. */
export type ValuesChangedBy = 'review_saved' | 're_extracted' | 'agent_ran';

/** A pipeline's values after a change, before they are stored. */
export interface ChangedValues {
  tenantId: string;
  pipelineId: string;
  fileId: string;
  docType: PipelineDocType;
  extracted: StoredValues;
  reviewed: ReviewedData | null;
  /** The stored agent report as read (null, or unreadable, when no agent ran). */
  agentReport: unknown;
  /** The places this change touched; a saved review's are a person's, which agents leave alone. */
  changed: ValueRef[];
  by: ValuesChangedBy;
}

/** The values to store instead, with the report of those values and what the history says. */
export interface ValuesFollowUp {
  extracted: StoredValues;
  reviewed: ReviewedData | null;
  /** The report to store; undefined leaves the stored one as it is. */
  agentReport?: AgentReport;
  /** The duplicate key of the values, when the checks were run again on them. */
  duplicateKey?: string | null;
  /** What the history says of the follow-up, by the agents that did the work. */
  events: RecordedEvent[];
}

/** Keeping derived values and checks true to a pipeline's values (the agents module). */
export interface PipelineChecks {
  /**
   * After values changed: values an agent derived from others are worked out again (or cleared),
   * and a document with checks gets them run again on the result. Reads and runs the engine, so
   * call it before the transaction that stores the answer.
   */
  followUp(change: ChangedValues): Promise<ValuesFollowUp>;
}

/**
 * Work another module does in the transaction of a review's submission or approval (an automatic
 * export, learning from the review), so it happens exactly when the decision does.
 */
export type PipelineHook = (
  pipeline: { tenantId: string; pipelineId: string; docTypeId: string },
  trx: DbExecutor,
) => Promise<void>;
