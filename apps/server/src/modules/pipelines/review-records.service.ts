import {
  type AgentReport,
  AgentReportSchema,
  type ExtractionResult,
  overallStatusOf,
  type ReviewedData,
  type ReviewRecord,
} from '@parser/contracts';

import { notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import type { TenantAuth } from '../../plugins/auth.js';

import { type PipelineDocTypes, reviewSchemaOf } from './pipeline-ports.js';
import type { PipelinesRepository } from './pipelines.repository.js';
import { requireDocTypeOf } from './review-guards.js';
import { historyEntryOf } from './state-machine/pipeline-history.js';

/** History kept in a review record; older entries are summarised by the count. */
const HISTORY_LIMIT = 500;

const iso = (value: Date | string) => new Date(value).toISOString();

export interface ReviewRecordsDeps {
  pipelines: PipelinesRepository;
  docTypes: PipelineDocTypes;
}

/** The review record: a pipeline's values, its type's schema, its people and its history. */
export class ReviewRecords {
  constructor(private readonly deps: ReviewRecordsDeps) {}

  async get(auth: TenantAuth, pipelineId: string): Promise<ReviewRecord> {
    const id = assertId(pipelineId, 'Pipeline');
    const row = await this.deps.pipelines.findDetailed(auth.tenantId, id);
    if (!row) throw notFound('Pipeline');
    const docType = await requireDocTypeOf(this.deps.docTypes, auth.tenantId, row.docTypeId);
    const events = await this.deps.pipelines.listEvents(auth.tenantId, id, HISTORY_LIMIT);
    const pageSizes = await this.deps.pipelines.pageSizes(row.fileId);
    const submittedBy = await this.deps.pipelines.lastActor(auth.tenantId, id, 'review_submitted');
    const sentBy = row.assignedTo
      ? await this.deps.pipelines.lastActor(auth.tenantId, id, 'assigned')
      : null;
    return {
      document_id: row.id,
      pipeline_id: row.id,
      file_id: row.fileId,
      original_filename: row.originalFilename,
      content_type: row.contentType,
      pages: row.pages,
      page_sizes: pageSizes,
      doc_type_id: row.docTypeId,
      doc_type_name: row.docTypeName,
      current_step: row.currentStep,
      overall_status: overallStatusOf(row.currentStep),
      failure_reason: row.failureReason,
      schema: reviewSchemaOf(docType),
      extracted_data: (row.extractedData as ExtractionResult | null) ?? null,
      reviewed_data: (row.reviewedData as ReviewedData | null) ?? null,
      review_notes: row.reviewNotes,
      decision_notes: row.decisionNotes,
      assigned_to:
        row.assignedTo && row.assigneeEmail
          ? { id: row.assignedTo, email: row.assigneeEmail }
          : null,
      approved_by:
        row.approvedBy && row.approverEmail
          ? { id: row.approvedBy, email: row.approverEmail }
          : null,
      approved_at: row.approvedAt ? iso(row.approvedAt) : null,
      submitted_by: submittedBy,
      sent_by: sentBy,
      agent_report: agentReportOf(row.agentReport),
      version: row.version,
      history: events.map(historyEntryOf),
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    };
  }
}

/** The agents' stored report; one that no longer parses reads as none rather than failing the screen. */
export function agentReportOf(stored: unknown): AgentReport | null {
  const parsed = AgentReportSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
