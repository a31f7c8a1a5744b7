import { type ApprovalBody, ApprovalBodySchema } from '@parser/contracts';

import type { Database, DbExecutor } from '../../db/client.js';
import type { PipelineRow } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import type { TenantAuth } from '../../plugins/auth.js';
import type { CompanySettingsService } from '../tenants/company-settings.service.js';
import type { TenantsService } from '../tenants/tenants.service.js';

import type { PipelineHook } from './pipeline-ports.js';
import type { PipelinesRepository } from './pipelines.repository.js';
import { requireStep, requireVersion, staleVersion } from './review-guards.js';
import { agentReportOf } from './review-records.service.js';
import { personOf } from './state-machine/pipeline-history.js';
import type { PipelineStateMachine } from './state-machine/pipeline-state-machine.js';

export interface ApprovalDecisionsDeps {
  db: Database;
  pipelines: PipelinesRepository;
  state: PipelineStateMachine;
  tenants: Pick<TenantsService, 'findMember'>;
  /** For the company's review rules (self-approval, notes for failed checks, senders). */
  companySettings: CompanySettingsService;
}

type ParsedApproval = ReturnType<typeof ApprovalBodySchema.parse>;

/** The approver's decision: approve, reject (back to review with the note) or pass it on. */
export class ApprovalDecisions {
  private readonly approvalHooks: PipelineHook[] = [];

  constructor(private readonly deps: ApprovalDecisionsDeps) {}

  /** Adds work that must happen, in the same transaction, whenever a pipeline is approved. */
  onApproved(hook: PipelineHook): void {
    this.approvalHooks.push(hook);
  }

  async decide(auth: TenantAuth, pipelineId: string, input: ApprovalBody): Promise<void> {
    const id = assertId(pipelineId, 'Pipeline');
    const body = ApprovalBodySchema.parse(input);
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.deps.pipelines.findForUpdate(auth.tenantId, id, trx);
      if (!row) throw notFound('Pipeline');
      requireStep(row, 'approval', 'decided on');
      if (body.version !== undefined) requireVersion(row, body.version);
      switch (body.action) {
        case 'approve':
          return this.approve(auth, row, body, trx);
        case 'reject':
          return this.reject(auth, row, body, trx);
        case 'send_for_approval':
          return this.sendForApproval(auth, row, body, trx);
      }
    });
  }

  private async approve(auth: TenantAuth, row: PipelineRow, body: ParsedApproval, trx: DbExecutor) {
    await this.requireSelfApprovalAllowed(auth, row.id, trx);
    await this.requireNotSentByApprover(auth, row, trx);
    const failedChecks = await this.requireFailedChecksConfirmed(auth, row, body, trx);
    const actor = personOf(auth);
    const version = await this.deps.state.move(
      { tenantId: auth.tenantId, pipelineId: row.id },
      { name: 'approve' },
      {
        actor,
        version: row.version,
        changes: { decisionNotes: body.notes, approvedBy: auth.userId, approvedAt: new Date() },
        before: [{ kind: 'approved', data: { notes: body.notes, ...failedChecks }, actor }],
      },
      trx,
    );
    if (version === undefined) throw staleVersion();
    for (const hook of this.approvalHooks) {
      await hook({ tenantId: auth.tenantId, pipelineId: row.id, docTypeId: row.docTypeId }, trx);
    }
  }

  private async reject(auth: TenantAuth, row: PipelineRow, body: ParsedApproval, trx: DbExecutor) {
    const actor = personOf(auth);
    const version = await this.deps.state.move(
      { tenantId: auth.tenantId, pipelineId: row.id },
      { name: 'reject' },
      {
        actor,
        version: row.version,
        changes: { decisionNotes: body.notes, assignedTo: null },
        before: [{ kind: 'rejected', data: { notes: body.notes }, actor }],
      },
      trx,
    );
    if (version === undefined) throw staleVersion();
  }

  /** Hands the decision to a colleague (or back to nobody); the document stays at approval. */
  private async sendForApproval(
    auth: TenantAuth,
    row: PipelineRow,
    body: ParsedApproval,
    trx: DbExecutor,
  ) {
    const assigneeId = body.assign_to_user_id ? assertId(body.assign_to_user_id, 'User') : null;
    const assignee = assigneeId
      ? await this.deps.tenants.findMember(auth.tenantId, assigneeId, trx)
      : null;
    if (assigneeId && !assignee) throw notFound('User');
    const version = await this.deps.state.change(
      { tenantId: auth.tenantId, pipelineId: row.id },
      { step: row.currentStep, version: row.version },
      { assignedTo: assignee?.id ?? null, decisionNotes: body.notes },
      [
        {
          kind: 'assigned',
          data: {
            to: assignee ? { id: assignee.id, email: assignee.email } : null,
            notes: body.notes,
          },
          actor: personOf(auth),
        },
      ],
      trx,
    );
    if (version === undefined) throw staleVersion();
  }

  /**
   * Four eyes, when the company asks for them: whoever submitted the review may not approve it.
   * An API key acts for the person who created it, so their key cannot approve it either.
   */
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

  /**
   * Approving values whose checks fail takes the approver's confirmation, and a note saying why
   * when the company asks for one; answers the failed checks' messages for the history. The stored
   * report is of the values being approved: every change of them ran the checks again.
   */
  private async requireFailedChecksConfirmed(
    auth: TenantAuth,
    row: PipelineRow,
    body: ParsedApproval,
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
}
