import { z } from 'zod';

import { AgentReportSchema } from './agents.js';
import { ExtractionResultSchema } from './doc-types.js';
import { HistoryEntrySchema } from './pipeline-history.js';
import { OverallStatus, PipelineStep } from './pipeline-steps.js';
import { ColumnDefinitionSchema, FieldType } from './presets.js';

/**
 * An id the server gives a record (a pipeline, file, type or user): a uuid. Typed as one so that
 * clients and the OpenAPI document know its form, and the hot lists can write it without escaping.
 */
export const RecordIdSchema = z.guid();

/** A moment as the server writes it: ISO 8601 in UTC, e.g. "2026-11-23T17:35:10.123Z". */
export const TimestampSchema = z.iso.datetime();

/** A user as pipelines show them (assignee, actor). */
export const UserRefSchema = z.object({ id: RecordIdSchema, email: z.string() });
export type UserRef = z.infer<typeof UserRefSchema>;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/** An entry of the pending, all and approved lists. */
export const PipelineSchema = z.object({
  pipeline_id: RecordIdSchema,
  doc_type_id: RecordIdSchema,
  doc_type_name: z.string(),
  file_id: RecordIdSchema,
  original_filename: z.string(),
  current_step: PipelineStep,
  overall_status: OverallStatus,
  /** Set when the pipeline failed: what went wrong, in words a user can act on. */
  failure_reason: z.string().nullable(),
  assigned_to: UserRefSchema.nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Pipeline = z.infer<typeof PipelineSchema>;

/**
 * One page of a list, newest first. Pass `next_cursor` back as `cursor` for the next page; it is
 * null on the last page.
 */
export const PipelinePageSchema = z.object({
  items: z.array(PipelineSchema),
  next_cursor: z.string().nullable(),
});
export type PipelinePage = z.infer<typeof PipelinePageSchema>;

export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;

/** Query of every list: optional type filter, page size and cursor. */
export const ListQuerySchema = z.object({
  doc_type_id: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export type ListQuery = z.input<typeof ListQuerySchema>;

/** GET /api/pipelines/stats: counts by SQL aggregate over the whole tenant. */
export const PipelineStatsSchema = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  pending_review: z.number().int(),
  pending_approval: z.number().int(),
  processing: z.number().int(),
  failed: z.number().int(),
});
export type PipelineStats = z.infer<typeof PipelineStatsSchema>;

/** GET /api/pipelines/agent-stats: what the Agents screen can run on. */
export const AgentStatsSchema = z.object({
  /** Pipelines waiting for review or approval. */
  total_pending: z.number().int(),
  /** Of those, the ones whose type has the data entry agent enabled. */
  data_entry_enabled: z.number().int(),
  /** Of those, the ones whose type has the reconciliation agent enabled. */
  reconciliation_enabled: z.number().int(),
});
export type AgentStats = z.infer<typeof AgentStatsSchema>;

/** GET /api/pipelines/pending-summary: the dashboard's "Pending Review by Document Type" cards. */
export const PendingByTypeSchema = z.object({
  doc_type_id: z.string(),
  doc_type_name: z.string(),
  review_count: z.number().int(),
  approval_count: z.number().int(),
  /** The two most recent pending documents. */
  recent: z.array(
    z.object({
      pipeline_id: z.string(),
      original_filename: z.string(),
      current_step: PipelineStep,
    }),
  ),
});
export type PendingByType = z.infer<typeof PendingByTypeSchema>;
export const PendingSummarySchema = z.array(PendingByTypeSchema);

/** GET /api/documents/: the uploaded documents (spec "Document (list)"). */
export const DocumentSchema = z.object({
  id: RecordIdSchema,
  fileName: z.string(),
  mimeType: z.string(),
  uploadAt: TimestampSchema,
  pages: z.number().int(),
  pipeline_id: RecordIdSchema.nullable(),
  current_step: PipelineStep.nullable(),
});
export type Document = z.infer<typeof DocumentSchema>;
export const DocumentPageSchema = z.object({
  items: z.array(DocumentSchema),
  next_cursor: z.string().nullable(),
});
export type DocumentPage = z.infer<typeof DocumentPageSchema>;
export const DocumentListQuerySchema = ListQuerySchema.extend({
  /** Case-insensitive part of the file name. */
  q: z.string().trim().max(200).optional(),
});

// ---------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------

export const ValidateUploadBodySchema = z.object({ fileId: z.string(), docTypeId: z.string() });
export type ValidateUploadBody = z.infer<typeof ValidateUploadBodySchema>;

/**
 * Another of the company's types a file's content looks more like. Only offered: the file is
 * processed as the chosen type unless the clerk picks this one.
 */
export const TypeSuggestionSchema = z.object({
  docTypeId: z.string(),
  docTypeName: z.string(),
  /** Why, in words, naming what the page prints. */
  reason: z.string(),
  /** The printed words that point to the suggested type, as on the page ("Cash", "Change"). */
  evidence: z.array(z.string()),
  /** The classifier's score for the suggested type, 0..1. */
  score: z.number(),
});
export type TypeSuggestion = z.infer<typeof TypeSuggestionSchema>;

/**
 * A file that can be read is processed as the chosen type (matchedDocTypeId equals it), even
 * when its content looks more like another of the tenant's types: that type comes as
 * `suggestion`. matchedDocTypeId is null only for a file that cannot be read. `reason` says
 * which labels of the chosen type the file prints.
 */
export const ValidationResultSchema = z.object({
  matchedDocTypeId: z.string().nullable(),
  reason: z.string(),
  /** The classifier's score for the chosen type, 0..1. */
  score: z.number(),
  suggestion: TypeSuggestionSchema.optional(),
});
export type ValidationResult = z.infer<typeof ValidationResultSchema>;

export const MAX_FILES_PER_UPLOAD = 500;

export const CreateUploadBodySchema = z.object({
  docTypeId: z.string(),
  files: z
    .array(z.string())
    .min(1, 'Choose at least one file')
    .max(MAX_FILES_PER_UPLOAD, `At most ${MAX_FILES_PER_UPLOAD} files per upload`),
});
export type CreateUploadBody = z.infer<typeof CreateUploadBodySchema>;

export const UploadCreatedSchema = z.object({
  upload_id: z.string(),
  pipeline_ids: z.array(z.string()),
});
export type UploadCreated = z.infer<typeof UploadCreatedSchema>;

// ---------------------------------------------------------------------------------------------
// Review
// ---------------------------------------------------------------------------------------------

/** A reviewed value: numbers and currency amounts as numbers, dates as YYYY-MM-DD strings. */
export const ReviewValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ReviewValue = z.infer<typeof ReviewValueSchema>;

export const ReviewedDataSchema = z.object({
  fields: z.record(z.string(), ReviewValueSchema),
  tables: z.record(z.string(), z.array(z.record(z.string(), ReviewValueSchema))),
});
export type ReviewedData = z.infer<typeof ReviewedDataSchema>;

/** The type's definitions the review screen lays out (labels, types, order). */
export const ReviewSchemaSchema = z.object({
  fields: z.array(
    z.object({ key: z.string(), label: z.string(), type: FieldType, required: z.boolean() }),
  ),
  tables: z.array(
    z.object({ key: z.string(), label: z.string(), columns: z.array(ColumnDefinitionSchema) }),
  ),
});
export type ReviewSchema = z.infer<typeof ReviewSchemaSchema>;

/** GET /api/pipelines/{id}/review (spec "Review record"), with what the screen needs beyond it. */
export const ReviewRecordSchema = z.object({
  /** The pipeline's id (the spec's document_id). */
  document_id: z.string(),
  pipeline_id: z.string(),
  file_id: z.string(),
  original_filename: z.string(),
  content_type: z.string(),
  pages: z.number().int(),
  /**
   * Each page's size in the units of the source boxes in extracted_data (PDF points for text-layer
   * pages, pixels for scans), so the preview can place highlights; empty before the file is read.
   */
  page_sizes: z.array(
    z.object({ number: z.number().int(), width: z.number(), height: z.number() }),
  ),
  doc_type_id: z.string(),
  doc_type_name: z.string(),
  current_step: PipelineStep,
  overall_status: OverallStatus,
  failure_reason: z.string().nullable(),
  schema: ReviewSchemaSchema,
  /** The engine's values with confidence and source box; null while extraction has not run. */
  extracted_data: ExtractionResultSchema.nullable(),
  /** The reviewer's values; null until a review is saved (the screen then starts from extracted_data). */
  reviewed_data: ReviewedDataSchema.nullable(),
  review_notes: z.string(),
  /** The last approver's note: after a rejection, why it came back. */
  decision_notes: z.string(),
  assigned_to: UserRefSchema.nullable(),
  approved_by: UserRefSchema.nullable(),
  approved_at: z.string().nullable(),
  /** The user id of whoever last submitted the review for approval (a key's creator); null for none. */
  submitted_by: z.string().nullable().optional(),
  /**
   * The user id of whoever sent the document to its current assignee (a key's creator); null when
   * nobody is assigned.
   */
  sent_by: z.string().nullable().optional(),
  /** What the agents last changed and checked; null before any agent ran. */
  agent_report: AgentReportSchema.nullable().optional(),
  /** Optimistic concurrency token: send it back with a save; a stale one answers 409. */
  version: z.number().int(),
  history: z.array(HistoryEntrySchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReviewRecord = z.infer<typeof ReviewRecordSchema>;

const TableRowsSchema = z.array(z.record(z.string(), ReviewValueSchema));

/**
 * reviewed_data as the spec's call sends it: the flat object of field values merged with the
 * tables' rows (`{invoice_number: "INV-1", line_items: [{…}]}`); a key whose value is a list of
 * rows is a table, any other key a field.
 */
export const FlatReviewedDataSchema = z
  .record(z.string(), z.union([ReviewValueSchema, TableRowsSchema]))
  .transform((flat): ReviewedData => {
    const data: ReviewedData = { fields: {}, tables: {} };
    for (const [key, value] of Object.entries(flat)) {
      if (Array.isArray(value)) data.tables[key] = value;
      else data.fields[key] = value;
    }
    return data;
  });

export const SaveReviewBodySchema = z.object({
  /** The structured `{fields, tables}`, or the spec's flat object of fields merged with tables. */
  reviewed_data: z.union([ReviewedDataSchema.strict(), FlatReviewedDataSchema]),
  review_notes: z.string().max(20_000).default(''),
  /**
   * The version the reviewer loaded; a save over a newer one answers 409 CONFLICT. Without it
   * (the spec's payload) the save applies to whatever is stored.
   */
  version: z.number().int().optional(),
  /** 'submit' (Submit Review) moves human_review → approval; 'save' keeps the step. */
  action: z.enum(['submit', 'save']).default('submit'),
});
export type SaveReviewBody = z.input<typeof SaveReviewBodySchema>;

export const ApprovalAction = z.enum(['approve', 'reject', 'send_for_approval']);
export type ApprovalAction = z.infer<typeof ApprovalAction>;

export const ApprovalBodySchema = z.object({
  action: ApprovalAction,
  notes: z.string().max(20_000).default(''),
  /** send_for_approval only: a user of the same tenant. */
  assign_to_user_id: z.string().nullish(),
  /** The version the approver loaded; when given, a decision over a newer one answers 409. */
  version: z.number().int().optional(),
  /**
   * approve only: the approver saw that checks of these values fail and approves them anyway.
   * false: approving values whose checks fail answers 409 CHECKS_NOT_CONFIRMED (the web app
   * sends false until the approver confirms). Left out, as clients written before it send the
   * decision, the approval goes through and history records the failed checks as unconfirmed.
   */
  confirm_failed_checks: z.boolean().optional(),
});
export type ApprovalBody = z.input<typeof ApprovalBodySchema>;

export const BulkDeleteBodySchema = z.object({
  pipeline_ids: z.array(z.string()).min(1).max(MAX_PAGE_SIZE),
});
export type BulkDeleteBody = z.infer<typeof BulkDeleteBodySchema>;

export const BulkDeleteResultSchema = z.object({
  message: z.string(),
  deleted_count: z.number().int(),
});
export type BulkDeleteResult = z.infer<typeof BulkDeleteResultSchema>;
