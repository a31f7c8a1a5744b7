import { sql } from 'kysely';

import type { Database, DbExecutor } from '../../db/client.js';
import type { ListPosition } from '../../lib/list-pages.js';

/** The webhook delivery columns the Exports screen shows beside each document. */
export interface LatestDeliveryRow {
  id: string;
  pipeline_id: string;
  url: string;
  trigger: 'auto' | 'manual';
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** Reads of approved documents for exports. Every query is tenant-scoped. */
export class ExportsRepository {
  constructor(private readonly db: Database) {}

  /** A pipeline with what its exports need: type, settings, file and approver. */
  findExportable(tenantId: string, id: string, trx: DbExecutor = this.db) {
    return trx
      .selectFrom('pipelines as p')
      .innerJoin('docTypes as t', 't.id', 'p.docTypeId')
      .innerJoin('files as f', 'f.id', 'p.fileId')
      .leftJoin('users as approver', 'approver.id', 'p.approvedBy')
      .select([
        'p.id',
        'p.tenantId',
        'p.docTypeId',
        'p.fileId',
        'p.originalFilename',
        'p.currentStep',
        'p.extractedData',
        'p.reviewedData',
        'p.approvedAt',
        'p.agentReport',
        't.name as docTypeName',
        't.exportSettings',
        'f.contentType',
        'f.pages',
        'f.createdAt as uploadedAt',
        'approver.email as approverEmail',
      ])
      .where('p.tenantId', '=', tenantId)
      .where('p.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Approved pipelines, most recently approved first, with each one's latest webhook delivery.
   * Served by the partial indexes on (tenant, [type,] coalesce(approved_at, created_at), id).
   */
  listApproved(
    tenantId: string,
    filter: { docTypeId?: string; after?: ListPosition; limit: number },
    trx: DbExecutor = this.db,
  ) {
    const { docTypeId, after, limit } = filter;
    const sortKey = sql<Date>`coalesce(p.approved_at, p.created_at)`;
    return (
      trx
        .selectFrom('pipelines as p')
        .innerJoin('docTypes as t', 't.id', 'p.docTypeId')
        .leftJoin('users as assignee', 'assignee.id', 'p.assignedTo')
        .leftJoin('users as approver', 'approver.id', 'p.approvedBy')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('webhookDeliveries as d')
              .select(
                sql<LatestDeliveryRow>`json_build_object(
                'id', d.id, 'pipeline_id', d.pipeline_id, 'url', d.url, 'trigger', d.trigger,
                'status', d.status, 'attempts', d.attempts,
                'last_status_code', d.last_status_code, 'last_error', d.last_error,
                'next_attempt_at', d.next_attempt_at, 'created_at', d.created_at,
                'delivered_at', d.delivered_at)`.as('delivery'),
              )
              .whereRef('d.pipelineId', '=', 'p.id')
              .orderBy('d.createdAt', 'desc')
              .orderBy('d.id', 'desc')
              .limit(1)
              .as('latest'),
          (join) => join.onTrue(),
        )
        .select([
          'p.id',
          'p.docTypeId',
          'p.fileId',
          'p.originalFilename',
          'p.currentStep',
          'p.failureReason',
          'p.assignedTo',
          'p.createdAt',
          'p.updatedAt',
          'p.approvedAt',
          't.name as docTypeName',
          'assignee.email as assigneeEmail',
          'approver.email as approverEmail',
          'latest.delivery',
          sql<string>`coalesce(p.approved_at, p.created_at)::text`.as('cursorAt'),
        ])
        .where('p.tenantId', '=', tenantId)
        // A literal, not a parameter, so the planner can match the partial indexes.
        .where(sql<boolean>`p.current_step = 'completed'`)
        .$if(docTypeId !== undefined, (query) => query.where('p.docTypeId', '=', docTypeId!))
        .$if(after !== undefined, (query) =>
          query.where(
            sql<boolean>`(coalesce(p.approved_at, p.created_at), p.id) < (${after!.createdAt}::timestamptz, ${after!.id}::uuid)`,
          ),
        )
        .orderBy(sortKey, 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute()
    );
  }
}
