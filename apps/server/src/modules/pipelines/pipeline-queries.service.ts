import {
  type AgentStats,
  type ListQuery,
  ListQuerySchema,
  type PendingByType,
  type PipelinePage,
  type PipelineStats,
  type PipelineStep,
  type QueuePosition,
} from '@parser/contracts';

import { notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import { decodeCursor, listFilterId, pageOf } from '../../lib/list-pages.js';
import type { TenantAuth } from '../../plugins/auth.js';
import type { CompanySettingsService } from '../tenants/company-settings.service.js';

import { toListedPipeline } from './pipeline-item.js';
import type { PipelinesRepository } from './pipelines.repository.js';

/** The lists of the pipelines API, by the steps they show. */
export const PIPELINE_LISTS = {
  'pending-review': ['human_review'],
  'pending-approval': ['approval'],
  all: undefined,
  approved: ['completed'],
} as const satisfies Record<string, readonly PipelineStep[] | undefined>;
export type PipelineListName = keyof typeof PIPELINE_LISTS;

export interface PipelineQueriesDeps {
  pipelines: PipelinesRepository;
  /** For whose approval queue a person sees (the company's sender rule). */
  companySettings: CompanySettingsService;
}

/** What the lists, the dashboard and the review screen's queue navigation show of pipelines. */
export class PipelineQueries {
  constructor(private readonly deps: PipelineQueriesDeps) {}

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
   * Whose approval queue the lists show: a document sent to a colleague is in the colleague's queue
   * only, unless the company lets senders keep what they sent (then undefined: everything).
   */
  private async approvalQueueOwner(auth: TenantAuth): Promise<string | undefined> {
    const settings = await this.deps.companySettings.get(auth.tenantId);
    return settings.sender_keeps_sent_documents ? undefined : auth.userId;
  }
}
