import {
  type AgentReport,
  AgentReportSchema,
  type AgentStats,
  type ApprovalBody,
  ApprovalBodySchema,
  type BulkDeleteResult,
  type ExtractionResult,
  type HistoryEntry,
  HistoryKind,
  type ListQuery,
  ListQuerySchema,
  overallStatusOf,
  type PendingByType,
  type PipelinePage,
  type PipelineStats,
  type PipelineStep,
  type QueuePosition,
  type ReviewedData,
  type ReviewRecord,
  type SaveReviewBody,
  SaveReviewBodySchema,
} from '@parser/contracts';

import type { Database, DbExecutor } from '../../db/client.js';
import type { PipelineRow } from '../../db/schema.js';
import { type Engine, runForRequest } from '../../engine/engine.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import { decodeCursor, listFilterId, pageOf } from '../../lib/list-pages.js';
import type { TenantAuth } from '../../plugins/auth.js';
import type { CompanySettingsService } from '../tenants/company-settings.service.js';
import type { TenantsRepository } from '../tenants/tenants.repository.js';

import { toListedPipeline } from './pipeline-item.js';
import {
  type PipelineDocType,
  type PipelineDocTypes,
  type PipelineFiles,
  type PipelineLearning,
  reviewSchemaOf,
} from './pipeline-ports.js';
import { RE_EXTRACTABLE_STEPS, stepAfterDecision } from './pipeline-steps.js';
import type { PipelinesRemoval } from './pipelines-removal.js';
import { extractPipelineJob } from './pipelines.jobs.js';
import type {
  NewPipelineEvent,
  PipelineChanges,
  PipelinesRepository,
} from './pipelines.repository.js';
import {
  diffReviewedData,
  normaliseReviewedData,
  reviewedDataFromExtraction,
} from './review-values.js';

/** The lists of the pipelines API, by the steps they show. */
export const PIPELINE_LISTS = {
  'pending-review': ['human_review'],
  'pending-approval': ['approval'],
  all: undefined,
  approved: ['completed'],
} as const satisfies Record<string, readonly PipelineStep[] | undefined>;
export type PipelineListName = keyof typeof PIPELINE_LISTS;

/** Runs inside the approval's transaction (e.g. to enqueue an automatic export). */
export type ApprovalHook = (
  approved: { tenantId: string; pipelineId: string; docTypeId: string },
  trx: DbExecutor,
) => Promise<void>;

export interface PipelinesDeps {
  db: Database;
  pipelines: PipelinesRepository;
  docTypes: PipelineDocTypes;
  files: PipelineFiles;
  engine: Engine;
  removal: PipelinesRemoval;
  tenants: TenantsRepository;
  queue: JobQueue;
  /** For the company's review rules (self-approval). */
  companySettings: CompanySettingsService;
  /** A repeat vendor's learned hints, applied when extraction runs again. */
  learning?: PipelineLearning | undefined;
}

/** History kept in a review record; older entries are summarised by the count. */
const HISTORY_LIMIT = 500;
/** Field edits recorded one by one per save; beyond that, one entry says how many more. */
const EDITS_PER_SAVE = 200;

const STEP_NAMES: Record<PipelineStep, string> = {
  extraction: 'extraction',
  data_entry: 'data entry',
  reconciliation: 'reconciliation',
  human_review: 'review',
  approval: 'approval',
  completed: 'completed',
  failed: 'failed',
};

const actorOf = (auth: TenantAuth) => ({ actorUserId: auth.userId, actorLabel: auth.actorLabel });

const iso = (value: Date | string) => new Date(value).toISOString();

/** Lists, review and approval of pipelines: the state machine people drive. */
export class PipelinesService {
  private readonly approvalHooks: ApprovalHook[] = [];
  private readonly submitHooks: ApprovalHook[] = [];

  constructor(private readonly deps: PipelinesDeps) {}

  /** Adds work that must happen, in the same transaction, whenever a pipeline is approved. */
  onApproved(hook: ApprovalHook): void {
    this.approvalHooks.push(hook);
  }

  /** Adds work that must happen, in the same transaction, whenever a review is submitted. */
  onSubmitted(hook: ApprovalHook): void {
    this.submitHooks.push(hook);
  }

  async list(auth: TenantAuth, name: PipelineListName, query: ListQuery): Promise<PipelinePage> {
    const { doc_type_id, limit, cursor } = ListQuerySchema.parse(query);
    const rows = await this.deps.pipelines.list(auth.tenantId, {
      steps: PIPELINE_LISTS[name],
      docTypeId: listFilterId(doc_type_id),
      after: decodeCursor(cursor),
      limit: limit + 1,
    });
    return pageOf(rows, limit, toListedPipeline);
  }

  async stats(auth: TenantAuth): Promise<PipelineStats> {
    const counts = await this.deps.pipelines.countByStep(auth.tenantId);
    const count = (step: PipelineStep) => counts[step] ?? 0;
    return {
      total: Object.values(counts).reduce((sum, n) => sum + n, 0),
      completed: count('completed'),
      pending_review: count('human_review'),
      pending_approval: count('approval'),
      processing: count('extraction') + count('data_entry') + count('reconciliation'),
      failed: count('failed'),
    };
  }

  async pendingSummary(auth: TenantAuth): Promise<PendingByType[]> {
    const rows = await this.deps.pipelines.pendingByType(auth.tenantId);
    return rows.map((row) => ({
      doc_type_id: row.docTypeId,
      doc_type_name: row.docTypeName,
      review_count: Number(row.reviewCount),
      approval_count: Number(row.approvalCount),
      recent: row.recent,
    }));
  }

  async agentStats(auth: TenantAuth): Promise<AgentStats> {
    const counts = await this.deps.pipelines.pendingAgentCounts(auth.tenantId);
    return {
      total_pending: Number(counts.totalPending),
      data_entry_enabled: Number(counts.dataEntryEnabled),
      reconciliation_enabled: Number(counts.reconciliationEnabled),
    };
  }

  async getReview(auth: TenantAuth, pipelineId: string): Promise<ReviewRecord> {
    const id = assertId(pipelineId, 'Pipeline');
    const row = await this.deps.pipelines.findDetailed(auth.tenantId, id);
    if (!row) throw notFound('Pipeline');
    const docType = await this.requireDocType(auth.tenantId, row.docTypeId);
    const events = await this.deps.pipelines.listEvents(auth.tenantId, id, HISTORY_LIMIT);
    const pageSizes = await this.deps.pipelines.pageSizes(row.fileId);
    const submittedBy = await this.deps.pipelines.lastSubmitter(auth.tenantId, id);
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
      agent_report: agentReportOf(row.agentReport),
      version: row.version,
      history: events.map((event): HistoryEntry => ({
        id: Number(event.id),
        kind: HistoryKind.catch('step_changed').parse(event.kind),
        actor: event.actorLabel,
        at: iso(event.createdAt),
        data: event.data,
      })),
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    };
  }

  /** Saves the reviewer's values; 'submit' also moves the document on to approval. */
  async saveReview(
    auth: TenantAuth,
    pipelineId: string,
    input: SaveReviewBody,
  ): Promise<ReviewRecord> {
    const id = assertId(pipelineId, 'Pipeline');
    const body = SaveReviewBodySchema.parse(input);
    const current = await this.deps.pipelines.findDetailed(auth.tenantId, id);
    if (!current) throw notFound('Pipeline');
    // Read before the transaction: on PGlite a query outside it would wait for the connection the
    // transaction holds. A pipeline never changes type, so this stays valid inside it.
    const schema = reviewSchemaOf(await this.requireDocType(auth.tenantId, current.docTypeId));
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.deps.pipelines.findForUpdate(auth.tenantId, id, trx);
      if (!row) throw notFound('Pipeline');
      requireStep(row, 'human_review', 'reviewed');
      // Without a version (the spec's payload) the save applies to the stored one.
      if (body.version !== undefined) requireVersion(row, body.version);
      const review = normaliseReviewedData(schema, body.reviewed_data);
      if (review.errors.length > 0) {
        throw new AppError('VALIDATION_FAILED', { message: review.errors.join('\n') });
      }
      const submit = body.action === 'submit';
      if (submit && review.missingRequired.length > 0) {
        throw new AppError('VALIDATION_FAILED', {
          message: `Fill in the required fields before submitting: ${review.missingRequired.join(', ')}`,
        });
      }
      const before =
        (row.reviewedData as ReviewedData | null) ??
        reviewedDataFromExtraction(schema, row.extractedData as ExtractionResult | null);
      const edits = diffReviewedData(before, review.data);
      const version = await this.deps.pipelines.update(
        auth.tenantId,
        id,
        { step: 'human_review', version: body.version ?? row.version },
        {
          reviewedData: review.data,
          reviewNotes: body.review_notes,
          ...(submit ? { currentStep: 'approval' as const } : {}),
        },
        trx,
      );
      if (version === undefined) throw staleVersion();
      const event = (kind: string, data: Record<string, unknown>): NewPipelineEvent => ({
        tenantId: auth.tenantId,
        pipelineId: id,
        kind,
        ...actorOf(auth),
        data,
      });
      const events = edits
        .slice(0, EDITS_PER_SAVE)
        .map((edit) => event('field_edited', { ...edit }));
      if (edits.length > EDITS_PER_SAVE) {
        events.push(event('field_edited', { more_edits: edits.length - EDITS_PER_SAVE }));
      }
      events.push(
        event(submit ? 'review_submitted' : 'review_saved', { notes: body.review_notes }),
      );
      if (submit) events.push(event('step_changed', { from: 'human_review', to: 'approval' }));
      await this.deps.pipelines.insertEvents(events, trx);
      if (submit) {
        for (const hook of this.submitHooks) {
          await hook({ tenantId: auth.tenantId, pipelineId: id, docTypeId: row.docTypeId }, trx);
        }
      }
    });
    return this.getReview(auth, id);
  }

  /** Approve, reject (back to review with the note) or pass the decision to a colleague. */
  async decide(auth: TenantAuth, pipelineId: string, input: ApprovalBody): Promise<ReviewRecord> {
    const id = assertId(pipelineId, 'Pipeline');
    const body = ApprovalBodySchema.parse(input);
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.deps.pipelines.findForUpdate(auth.tenantId, id, trx);
      if (!row) throw notFound('Pipeline');
      requireStep(row, 'approval', 'decided on');
      if (body.version !== undefined) requireVersion(row, body.version);
      const event = (kind: string, data: Record<string, unknown>): NewPipelineEvent => ({
        tenantId: auth.tenantId,
        pipelineId: id,
        kind,
        ...actorOf(auth),
        data,
      });
      const to = stepAfterDecision(body.action);
      switch (body.action) {
        case 'approve': {
          await this.requireSelfApprovalAllowed(auth, id, trx);
          await this.updateOrConflict(row, trx, {
            currentStep: to,
            decisionNotes: body.notes,
            approvedBy: auth.userId,
            approvedAt: new Date(),
          });
          await this.deps.pipelines.insertEvents(
            [
              event('approved', { notes: body.notes }),
              event('step_changed', { from: 'approval', to }),
            ],
            trx,
          );
          for (const hook of this.approvalHooks) {
            await hook({ tenantId: auth.tenantId, pipelineId: id, docTypeId: row.docTypeId }, trx);
          }
          return;
        }
        case 'reject': {
          await this.updateOrConflict(row, trx, {
            currentStep: to,
            decisionNotes: body.notes,
            assignedTo: null,
          });
          await this.deps.pipelines.insertEvents(
            [
              event('rejected', { notes: body.notes }),
              event('step_changed', { from: 'approval', to }),
            ],
            trx,
          );
          return;
        }
        case 'send_for_approval': {
          const assigneeId = body.assign_to_user_id
            ? assertId(body.assign_to_user_id, 'User')
            : null;
          const assignee = assigneeId
            ? await this.deps.tenants.findMember(auth.tenantId, assigneeId, trx)
            : null;
          if (assigneeId && !assignee) throw notFound('User');
          await this.updateOrConflict(row, trx, {
            assignedTo: assignee?.id ?? null,
            decisionNotes: body.notes,
          });
          await this.deps.pipelines.insertEvents(
            [
              event('assigned', {
                to: assignee ? { id: assignee.id, email: assignee.email } : null,
                notes: body.notes,
              }),
            ],
            trx,
          );
          return;
        }
      }
    });
    return this.getReview(auth, id);
  }

  /** Where the document stands in its queue (same type and step), with its neighbours. */
  async queuePosition(auth: TenantAuth, pipelineId: string): Promise<QueuePosition> {
    const id = assertId(pipelineId, 'Pipeline');
    const place = await this.deps.pipelines.queuePosition(auth.tenantId, id);
    if (!place) throw notFound('Pipeline');
    return {
      position: place.position,
      total: place.total,
      previous_id: place.previousId,
      next_id: place.nextId,
    };
  }

  /**
   * Four eyes, when the company asks for them: whoever submitted the review may not approve it.
   * An API key acts for the person who created it, so their key cannot approve it either.
   */
  private async requireSelfApprovalAllowed(auth: TenantAuth, id: string, trx: DbExecutor) {
    const settings = await this.deps.companySettings.get(auth.tenantId, trx);
    if (settings.allow_self_approval) return;
    const submitter = await this.deps.pipelines.lastSubmitter(auth.tenantId, id, trx);
    if (submitter === auth.userId) {
      throw new AppError('SELF_APPROVAL', {
        message:
          'You submitted this document for approval, and your company requires someone else to approve it',
      });
    }
  }

  /** Runs the engine on the document again now; the reviewer's values stay as they are. */
  async reExtract(auth: TenantAuth, pipelineId: string): Promise<ReviewRecord> {
    const id = assertId(pipelineId, 'Pipeline');
    const row = await this.deps.pipelines.findDetailed(auth.tenantId, id);
    if (!row) throw notFound('Pipeline');
    if (!RE_EXTRACTABLE_STEPS.includes(row.currentStep)) {
      throw new AppError('INVALID_STATE', {
        message: `Extraction can be run again only on documents in review or approval; this one is at ${STEP_NAMES[row.currentStep]}`,
      });
    }
    const docType = await this.requireDocType(auth.tenantId, row.docTypeId);
    // Reading may OCR for seconds: on the job worker, outside the transaction that stores the result.
    const document = await this.deps.files.awaitReading(auth.tenantId, row.fileId);
    const general = await runForRequest(this.deps.engine, 'extract', [
      document,
      {
        fields: docType.fields,
        tables: docType.tables,
        instructions: docType.extractionInstructions,
      },
    ]);
    const extracted = this.deps.learning
      ? await this.deps.learning.applyLearned(
          auth.tenantId,
          row.docTypeId,
          document,
          docType,
          general,
        )
      : general;
    await this.deps.db.transaction().execute(async (trx) => {
      const version = await this.deps.pipelines.update(
        auth.tenantId,
        id,
        { step: row.currentStep },
        { extractedData: extracted },
        trx,
      );
      if (version === undefined) throw staleVersion();
      await this.deps.pipelines.insertEvents(
        [{ tenantId: auth.tenantId, pipelineId: id, kind: 're_extracted', ...actorOf(auth) }],
        trx,
      );
    });
    return this.getReview(auth, id);
  }

  /** Sends a failed pipeline through extraction again. */
  async retry(auth: TenantAuth, pipelineId: string): Promise<ReviewRecord> {
    const id = assertId(pipelineId, 'Pipeline');
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.deps.pipelines.findForUpdate(auth.tenantId, id, trx);
      if (!row) throw notFound('Pipeline');
      if (row.currentStep !== 'failed') {
        throw new AppError('INVALID_STATE', {
          message: `Only a failed document can be retried; this one is at ${STEP_NAMES[row.currentStep]}`,
        });
      }
      await this.updateOrConflict(row, trx, {
        currentStep: 'extraction',
        failedStep: null,
        failureReason: null,
      });
      await this.deps.pipelines.insertEvents(
        [
          {
            tenantId: auth.tenantId,
            pipelineId: id,
            kind: 'retried',
            ...actorOf(auth),
            data: { failed_step: row.failedStep, reason: row.failureReason },
          },
        ],
        trx,
      );
      await this.deps.queue.enqueue(
        extractPipelineJob,
        { pipelineId: id },
        { tenantId: auth.tenantId, dedupeKey: `pipeline:${id}:extraction` },
        trx,
      );
    });
    return this.getReview(auth, id);
  }

  async delete(auth: TenantAuth, pipelineId: string): Promise<void> {
    await this.deleteMany(auth, [assertId(pipelineId, 'Pipeline')]);
  }

  /** Deletes all the given pipelines or, when one is not the tenant's, none of them. */
  async bulkDelete(auth: TenantAuth, pipelineIds: readonly string[]): Promise<BulkDeleteResult> {
    const ids = [...new Set(pipelineIds.map((id) => assertId(id, 'Pipeline')))];
    const deleted = await this.deleteMany(auth, ids);
    return {
      message: `Successfully deleted ${deleted} document${deleted === 1 ? '' : 's'}`,
      deleted_count: deleted,
    };
  }

  /**
   * Removes pipelines, their history, their jobs and the files no other pipeline uses, in one
   * transaction; the files' bytes go after the commit.
   */
  private async deleteMany(auth: TenantAuth, ids: readonly string[]): Promise<number> {
    const removal = await this.deps.db.transaction().execute(async (trx) => {
      const found = await this.deps.removal.lockByIds(auth.tenantId, ids, trx);
      if (found.length !== ids.length) throw notFound('Pipeline');
      return this.deps.removal.removeByIds(auth.tenantId, ids, trx);
    });
    await this.deps.files.removeBlobs(removal.files.map((file) => file.storageKey));
    return removal.pipelines;
  }

  /** Changes a row locked by findForUpdate, guarded by the step and version it was read at. */
  private async updateOrConflict(
    row: PipelineRow,
    trx: DbExecutor,
    changes: PipelineChanges,
  ): Promise<void> {
    const updated = await this.deps.pipelines.update(
      row.tenantId,
      row.id,
      { step: row.currentStep, version: row.version },
      changes,
      trx,
    );
    if (updated === undefined) throw staleVersion();
  }

  private async requireDocType(tenantId: string, docTypeId: string): Promise<PipelineDocType> {
    const docType = await this.deps.docTypes.findForPipeline(tenantId, docTypeId);
    // The foreign key keeps a type while pipelines use it; this guards a concurrent forced delete.
    if (!docType) throw notFound('Pipeline');
    return docType;
  }
}

/** The agents' stored report; one that no longer parses reads as none rather than failing the screen. */
function agentReportOf(stored: unknown): AgentReport | null {
  const parsed = AgentReportSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

function requireStep(row: PipelineRow, step: PipelineStep, verb: string): void {
  if (row.currentStep === step) return;
  throw new AppError('INVALID_STATE', {
    message: `This document is at ${STEP_NAMES[row.currentStep]}, so it cannot be ${verb} now`,
  });
}

function requireVersion(row: PipelineRow, version: number): void {
  if (row.version !== version) throw staleVersion();
}

const staleVersion = () =>
  new AppError('CONFLICT', {
    message:
      'Someone else changed this document while you were working on it. Reload to see their changes.',
  });
