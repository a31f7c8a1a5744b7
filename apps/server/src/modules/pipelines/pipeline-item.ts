import { overallStatusOf, type Pipeline } from '@parser/contracts';

import { isoFromTimestampText } from '../../db/prepared-query.js';
import type { PipelineStepValue } from '../../db/schema.js';

/** The columns a list query selects for each pipeline it lists. */
export interface PipelineListRow {
  id: string;
  docTypeId: string;
  docTypeName: string;
  fileId: string;
  originalFilename: string;
  currentStep: PipelineStepValue;
  failureReason: string | null;
  assignedTo: string | null;
  assigneeEmail: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/** A pipeline as every list answers it. */
export function toPipeline(row: PipelineListRow): Pipeline {
  return {
    pipeline_id: row.id,
    doc_type_id: row.docTypeId,
    doc_type_name: row.docTypeName,
    file_id: row.fileId,
    original_filename: row.originalFilename,
    current_step: row.currentStep,
    overall_status: overallStatusOf(row.currentStep),
    failure_reason: row.failureReason,
    assigned_to:
      row.assignedTo && row.assigneeEmail ? { id: row.assignedTo, email: row.assigneeEmail } : null,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

/**
 * A row of the pipeline lists' prepared statement: the answer's own key names, and the
 * timestamps as PostgreSQL's text (created_at as the cursor position, with the id).
 */
export interface PipelinePageRow {
  id: string;
  cursorAt: string;
  doc_type_id: string;
  doc_type_name: string;
  file_id: string;
  original_filename: string;
  current_step: PipelineStepValue;
  failure_reason: string | null;
  assigned_to: string | null;
  assignee_email: string | null;
  updated_at: string;
}

/** A pipeline list row as the lists answer it (same item as toPipeline). */
export function toListedPipeline(row: PipelinePageRow): Pipeline {
  return {
    pipeline_id: row.id,
    doc_type_id: row.doc_type_id,
    doc_type_name: row.doc_type_name,
    file_id: row.file_id,
    original_filename: row.original_filename,
    current_step: row.current_step,
    overall_status: overallStatusOf(row.current_step),
    failure_reason: row.failure_reason,
    assigned_to:
      row.assigned_to && row.assignee_email
        ? { id: row.assigned_to, email: row.assignee_email }
        : null,
    created_at: isoFromTimestampText(row.cursorAt),
    updated_at: isoFromTimestampText(row.updated_at),
  };
}
