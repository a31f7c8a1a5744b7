import { overallStatusOf, type Pipeline } from '@parser/contracts';

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
