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
  type ValueRef,
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
  type PipelineChecks,
  type PipelineDocType,
  type PipelineDocTypes,
  type PipelineFiles,
  type PipelineLearning,
  reviewSchemaOf,
  type ValuesFollowUp,
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
  type ValueEdit,
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
  /** Keeps derived values and checks true to the values whenever a person changes them. */
  checks: PipelineChecks;
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
      assignedToNobodyOr:
        name === 'pending-approval' ? await this.approvalQueueOwner(auth) : undefined,
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
    // Without a version (the spec's payload) the save applies to the stored one: when another
    // change lands between reading and storing, it is worked out once more on that one.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await this.saveReviewOnce(auth, id, body)) return this.getReview(auth, id);
    }
    throw staleVersion();
  }

  /** One attempt at a save; false when the document changed after it was read (no version sent). */
  private async saveReviewOnce(
    auth: TenantAuth,
    id: string,
    body: ParsedSaveReview,
  ): Promise<boolean> {
    const current = await this.deps.pipelines.findDetailed(auth.tenantId, id);
    if (!current) throw notFound('Pipeline');
    requireStep(current, 'human_review', 'reviewed');
    if (body.version !== undefined) requireVersion(current, body.version);
    const docType = await this.requireDocType(auth.tenantId, current.docTypeId);
    const schema = reviewSchemaOf(docType);
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
    const extracted = current.extractedData as ExtractionResult | null;
    const before =
      (current.reviewedData as ReviewedData | null) ??
      reviewedDataFromExtraction(schema, extracted);
    const edits = diffReviewedData(before, review.data);
    // Values derived from the edited ones follow them, and the checks run again on the values
    // saved. Worked out before the transaction: it holds the row (on PGlite, the connection).
    const followUp = extracted
      ? await this.deps.checks.followUp({
          tenantId: auth.tenantId,
          pipelineId: id,
          fileId: current.fileId,
          docType,
          extracted,
          reviewed: review.data,
          agentReport: current.agentReport,
          changed: edits.map(placeOfEdit),
          by: 'review_saved',
        })
      : undefined;
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await this.deps.pipelines.findForUpdate(auth.tenantId, id, trx);
      if (!row) throw notFound('Pipeline');
      requireStep(row, 'human_review', 'reviewed');
      if (row.version !== current.version) {
        if (body.version === undefined) return false;
        throw staleVersion();
      }
      const version = await this.deps.pipelines.update(
        auth.tenantId,
        id,
        { step: 'human_review', version: row.version },
        {
          reviewedData: followUp?.reviewed ?? review.data,
          ...(followUp ? followUpChanges(followUp) : {}),
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
      events.push(...followUpEvents(auth.tenantId, id, followUp));
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
      return true;
    });
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
          await this.requireNotSentByApprover(auth, row, trx);
          const failedChecks = await this.requireFailedChecksConfirmed(auth, row, body, trx);
          await this.updateOrConflict(row, trx, {
            currentStep: to,
            decisionNotes: body.notes,
            approvedBy: auth.userId,
            approvedAt: new Date(),
          });
          await this.deps.pipelines.insertEvents(
            [
              event('approved', {
                notes: body.notes,
                ...failedChecks,
              }),
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
    const place = await this.deps.pipelines.queuePosition(
      auth.tenantId,
      id,
      (await this.approvalQueueOwner(auth)) ?? null,
    );
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
  /**
   * Whose approval queue the lists show: a document sent to a colleague is in the colleague's queue
   * only, unless the company lets senders keep what they sent (then undefined: everything).
   */
  private async approvalQueueOwner(auth: TenantAuth): Promise<string | undefined> {
    const settings = await this.deps.companySettings.get(auth.tenantId);
    return settings.sender_keeps_sent_documents ? undefined : auth.userId;
  }

  /**
   * Whoever sent a document to a colleague for approval has handed the decision over, and cannot
   * approve it while it is with the colleague, unless the company lets senders keep it.
   */
  private async requireNotSentByApprover(auth: TenantAuth, row: PipelineRow, trx: DbExecutor) {
    if (!row.assignedTo || row.assignedTo === auth.userId) return;
    const settings = await this.deps.companySettings.get(auth.tenantId, trx);
    if (settings.sender_keeps_sent_documents) return;
    const sender = await this.deps.pipelines.lastActor(auth.tenantId, row.id, 'assigned', trx);
    if (sender === auth.userId) {
      throw new AppError('SELF_APPROVAL', {
        message:
          'You sent this document to a colleague for approval; it is theirs to approve now. You can still reject it or send it to someone else',
      });
    }
  }

  private async requireSelfApprovalAllowed(auth: TenantAuth, id: string, trx: DbExecutor) {
    const settings = await this.deps.companySettings.get(auth.tenantId, trx);
    if (settings.allow_self_approval) return;
    const submitter = await this.deps.pipelines.lastActor(
      auth.tenantId,
      id,
      'review_submitted',
      trx,
    );
    if (submitter === auth.userId) {
      throw new AppError('SELF_APPROVAL', {
        message:
          'You submitted this document for approval, and your company requires someone else to approve it',
      });
    }
  }

  /**
   * Approving values whose checks fail takes the approver's confirmation, and a note saying why
   * when the company asks for one; answers the failed checks' messages for the history. The stored
   * report is of the values being approved: every change of them ran the checks again.
   */
  private async requireFailedChecksConfirmed(
    auth: TenantAuth,
    row: PipelineRow,
    body: ReturnType<typeof ApprovalBodySchema.parse>,
    trx: DbExecutor,
  ): Promise<{ failed_checks?: string[]; failed_checks_unconfirmed?: true }> {
    const checks = agentReportOf(row.agentReport)?.reconciliation?.checks ?? [];
    const failed = checks.filter((check) => check.status === 'fail');
    if (failed.length === 0) return {};
    const count =
      failed.length === 1
        ? '1 check of these values fails'
        : `${failed.length} checks of these values fail`;
    if (body.confirm_failed_checks === false) {
      throw new AppError('CHECKS_NOT_CONFIRMED', {
        message: `${count} (${failed[0]!.message}). To approve them anyway, confirm that you approve values whose checks fail.`,
      });
    }
    const settings = await this.deps.companySettings.get(auth.tenantId, trx);
    if (settings.require_note_for_failed_checks && body.notes.trim() === '') {
      throw new AppError('VALIDATION_FAILED', {
        message: `${count}: your company asks for a note saying why they are approved anyway.`,
      });
    }
    const messages = failed.map((check) => check.message);
    // A client that does not know the confirmation (the decision as first published) approves as
    // it always did; history says the failed checks were not confirmed.
    return body.confirm_failed_checks === undefined
      ? { failed_checks: messages, failed_checks_unconfirmed: true }
      : { failed_checks: messages };
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
    // Before a review is saved the screen shows the engine's values: new ones get their checks.
    const schema = reviewSchemaOf(docType);
    const followUp =
      row.reviewedData === null
        ? await this.deps.checks.followUp({
            tenantId: auth.tenantId,
            pipelineId: id,
            fileId: row.fileId,
            docType,
            extracted,
            reviewed: null,
            agentReport: row.agentReport,
            changed: diffReviewedData(
              reviewedDataFromExtraction(schema, row.extractedData as ExtractionResult | null),
              reviewedDataFromExtraction(schema, extracted),
            ).map(placeOfEdit),
            by: 're_extracted',
          })
        : undefined;
    await this.deps.db.transaction().execute(async (trx) => {
      const version = await this.deps.pipelines.update(
        auth.tenantId,
        id,
        // The follow-up is of the values as read: stored only over those.
        { step: row.currentStep, ...(followUp ? { version: row.version } : {}) },
        followUp ? followUpChanges(followUp) : { extractedData: extracted },
        trx,
      );
      if (version === undefined) throw staleVersion();
      await this.deps.pipelines.insertEvents(
        [
          { tenantId: auth.tenantId, pipelineId: id, kind: 're_extracted', ...actorOf(auth) },
          ...followUpEvents(auth.tenantId, id, followUp),
        ],
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

type ParsedSaveReview = ReturnType<typeof SaveReviewBodySchema.parse>;

/** Where an edit sits, as the agents name places. */
const placeOfEdit = (edit: ValueEdit): ValueRef =>
  edit.field !== undefined
    ? { field: edit.field }
    : { table: edit.table, row: edit.row, column: edit.column };

/** The stored columns a follow-up changes. */
function followUpChanges(followUp: ValuesFollowUp): PipelineChanges {
  return {
    extractedData: followUp.extracted,
    ...(followUp.agentReport ? { agentReport: followUp.agentReport } : {}),
    ...(followUp.duplicateKey !== undefined ? { duplicateKey: followUp.duplicateKey } : {}),
  };
}

/** A follow-up's history entries, by the agents that did the work. */
function followUpEvents(
  tenantId: string,
  pipelineId: string,
  followUp: ValuesFollowUp | undefined,
): NewPipelineEvent[] {
  return (followUp?.events ?? []).map((event) => ({
    tenantId,
    pipelineId,
    actorUserId: null,
    ...event,
  }));
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
