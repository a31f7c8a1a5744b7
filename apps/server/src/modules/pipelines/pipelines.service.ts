import type {
  AgentStats,
  ApprovalBody,
  BulkDeleteResult,
  ListQuery,
  PendingByType,
  PipelinePage,
  PipelineStats,
  QueuePosition,
  ReviewRecord,
  SaveReviewBody,
} from '@parser/contracts';

import type { Database } from '../../db/client.js';
import type { TenantAuth } from '../../plugins/auth.js';
import type { DocumentExtraction } from '../extraction/document-extraction.service.js';
import type { CompanySettingsService } from '../tenants/company-settings.service.js';
import type { TenantsService } from '../tenants/tenants.service.js';

import { ApprovalDecisions } from './approval-decisions.service.js';
import { ExtractionReruns } from './extraction-reruns.service.js';
import { PipelineDeletion } from './pipeline-deletion.service.js';
import type {
  PipelineChecks,
  PipelineDocTypes,
  PipelineFiles,
  PipelineHook,
} from './pipeline-ports.js';
import { type PipelineListName, PipelineQueries } from './pipeline-queries.service.js';
import type { PipelinesRemoval } from './pipelines-removal.js';
import type { PipelinesRepository } from './pipelines.repository.js';
import { ReviewRecords } from './review-records.service.js';
import { ReviewSaving } from './review-saving.service.js';
import type { PipelineStateMachine } from './state-machine/pipeline-state-machine.js';

export type { PipelineListName } from './pipeline-queries.service.js';

export interface PipelinesDeps {
  db: Database;
  pipelines: PipelinesRepository;
  /** The owner of every pipeline's step and history. */
  state: PipelineStateMachine;
  docTypes: PipelineDocTypes;
  files: PipelineFiles;
  /** Extraction run again by hand, the one way every extraction runs. */
  extraction: DocumentExtraction;
  removal: PipelinesRemoval;
  tenants: Pick<TenantsService, 'findMember'>;
  /** For the company's review rules (self-approval). */
  companySettings: CompanySettingsService;
  /** Keeps derived values and checks true to the values whenever a person changes them. */
  checks: PipelineChecks;
}

/**
 * The pipelines API, what routes call: lists, the review record, saving a review, the approval
 * decision, extraction run again, deletion. Each is one job of its own service; every answer
 * about one document is its review record as it stands after the change.
 */
export class PipelinesService {
  private readonly queries: PipelineQueries;
  private readonly records: ReviewRecords;
  private readonly saving: ReviewSaving;
  private readonly decisions: ApprovalDecisions;
  private readonly reruns: ExtractionReruns;
  private readonly deletion: PipelineDeletion;

  constructor(deps: PipelinesDeps) {
    this.queries = new PipelineQueries(deps);
    this.records = new ReviewRecords(deps);
    this.saving = new ReviewSaving(deps);
    this.decisions = new ApprovalDecisions(deps);
    this.reruns = new ExtractionReruns(deps);
    this.deletion = new PipelineDeletion(deps);
  }

  /** Adds work that must happen, in the same transaction, whenever a pipeline is approved. */
  onApproved(hook: PipelineHook): void {
    this.decisions.onApproved(hook);
  }

  /** Adds work that must happen, in the same transaction, whenever a review is submitted. */
  onSubmitted(hook: PipelineHook): void {
    this.saving.onSubmitted(hook);
  }

  list(auth: TenantAuth, name: PipelineListName, query: ListQuery): Promise<PipelinePage> {
    return this.queries.list(auth, name, query);
  }

  stats(auth: TenantAuth): Promise<PipelineStats> {
    return this.queries.stats(auth);
  }

  pendingSummary(auth: TenantAuth): Promise<PendingByType[]> {
    return this.queries.pendingSummary(auth);
  }

  agentStats(auth: TenantAuth): Promise<AgentStats> {
    return this.queries.agentStats(auth);
  }

  queuePosition(auth: TenantAuth, pipelineId: string): Promise<QueuePosition> {
    return this.queries.queuePosition(auth, pipelineId);
  }

  getReview(auth: TenantAuth, pipelineId: string): Promise<ReviewRecord> {
    return this.records.get(auth, pipelineId);
  }

  /** Saves the reviewer's values; 'submit' also moves the document on to approval. */
  async saveReview(
    auth: TenantAuth,
    pipelineId: string,
    input: SaveReviewBody,
  ): Promise<ReviewRecord> {
    await this.saving.save(auth, pipelineId, input);
    return this.getReview(auth, pipelineId);
  }

  /** Approve, reject (back to review with the note) or pass the decision to a colleague. */
  async decide(auth: TenantAuth, pipelineId: string, input: ApprovalBody): Promise<ReviewRecord> {
    await this.decisions.decide(auth, pipelineId, input);
    return this.getReview(auth, pipelineId);
  }

  /** Runs the engine on the document again now; the reviewer's values stay as they are. */
  async reExtract(auth: TenantAuth, pipelineId: string): Promise<ReviewRecord> {
    await this.reruns.reExtract(auth, pipelineId);
    return this.getReview(auth, pipelineId);
  }

  /** Sends a failed pipeline through extraction again. */
  async retry(auth: TenantAuth, pipelineId: string): Promise<ReviewRecord> {
    await this.reruns.retry(auth, pipelineId);
    return this.getReview(auth, pipelineId);
  }

  delete(auth: TenantAuth, pipelineId: string): Promise<void> {
    return this.deletion.delete(auth, pipelineId);
  }

  /** Deletes all the given pipelines or, when one is not the tenant's, none of them. */
  bulkDelete(auth: TenantAuth, pipelineIds: readonly string[]): Promise<BulkDeleteResult> {
    return this.deletion.bulkDelete(auth, pipelineIds);
  }
}
