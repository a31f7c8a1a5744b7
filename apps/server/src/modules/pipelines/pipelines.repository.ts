import {
  type AgentsEnabled,
  type HistoryEvent,
  type HistoryKind,
  PENDING_STEPS,
  type PipelineStep,
} from '@parser/contracts';
import { sql } from 'kysely';

import type { Database, DbExecutor } from '../../db/client.js';
import { jsonb } from '../../db/json.js';
import {
  assertRowLimit,
  preparedQuery,
  runPrepared,
  type PreparedQuery,
  type PreparedValue,
} from '../../db/prepared-query.js';
import type { PipelineStepValue } from '../../db/schema.js';

import type { ListPosition } from '../../lib/list-pages.js';

import type { PipelinePageRow } from './pipeline-item.js';

export interface PipelineListFilter {
  /** Only these steps; all steps when absent. */
  steps?: readonly PipelineStep[];
  docTypeId?: string;
  /** Only pipelines of approved or pending documents etc. are listed after this position. */
  after?: ListPosition;
  /** Only pipelines assigned to nobody or to this user (a person's approval queue). */
  assignedToNobodyOr?: string;
  limit: number;
}

export interface NewPipeline {
  tenantId: string;
  docTypeId: string;
  fileId: string;
  uploadId: string;
  originalFilename: string;
  createdBy: string | null;
}

/** A history entry to store: an event in its kind's shape (HISTORY_EVENT_DATA), with who did it. */
export interface NewPipelineEvent {
  tenantId: string;
  pipelineId: string;
  kind: HistoryEvent['kind'];
  actorUserId: string | null;
  actorLabel: string;
  data: HistoryEvent['data'];
}

/** The values of a pipeline a change may set; its step columns are the state machine's. */
export interface PipelineValueChanges {
  extractedData?: unknown;
  reviewedData?: unknown;
  /** The agents' report, kept true to the values when they change. */
  agentReport?: unknown;
  duplicateKey?: string | null;
  reviewNotes?: string;
  decisionNotes?: string;
  assignedTo?: string | null;
  approvedBy?: string | null;
  approvedAt?: Date | null;
}

/** A change of a pipeline's row: its values, and the step columns only the state machine sets. */
export interface PipelineRowChanges extends PipelineValueChanges {
  currentStep?: PipelineStepValue;
  failedStep?: PipelineStepValue | null;
  failureReason?: string | null;
}

/** What a change expects the pipeline still to be: at this step, at this version (when given). */
export interface ExpectedPipeline {
  step?: PipelineStepValue;
  version?: number;
}

/** Counts per step (only steps that have pipelines appear). */
export type StepCounts = Partial<Record<PipelineStepValue, number>>;

/** Pipelines, their history and the aggregates the dashboard shows. Every query is tenant-scoped. */
export class PipelinesRepository {
  constructor(private readonly db: Database) {}

  async insertUpload(
    upload: { tenantId: string; docTypeId: string; fileIds: string[]; createdBy: string | null },
    trx: DbExecutor = this.db,
  ): Promise<string> {
    const row = await trx
      .insertInto('uploads')
      .values(upload)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertPipelines(pipelines: NewPipeline[], trx: DbExecutor = this.db): Promise<string[]> {
    if (pipelines.length === 0) return [];
    const rows = await trx
      .insertInto('pipelines')
      .values(pipelines.map((pipeline) => ({ ...pipeline, currentStep: 'extraction' as const })))
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** A pipeline with its type's name, its file's details and the people it names. */
  findDetailed(tenantId: string, id: string, trx: DbExecutor = this.db) {
    return trx
      .selectFrom('pipelines as p')
      .innerJoin('docTypes as t', 't.id', 'p.docTypeId')
      .innerJoin('files as f', 'f.id', 'p.fileId')
      .leftJoin('users as assignee', 'assignee.id', 'p.assignedTo')
      .leftJoin('users as approver', 'approver.id', 'p.approvedBy')
      .selectAll('p')
      .select([
        't.name as docTypeName',
        'f.contentType',
        'f.pages',
        'assignee.email as assigneeEmail',
        'approver.email as approverEmail',
      ])
      .where('p.tenantId', '=', tenantId)
      .where('p.id', '=', id)
      .executeTakeFirst();
  }

  /** The bare row, locked for the rest of the transaction so concurrent decisions queue up. */
  findForUpdate(tenantId: string, id: string, trx: DbExecutor) {
    return trx
      .selectFrom('pipelines')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The bare row for background steps, which act for the system rather than a tenant's user. */
  findById(id: string, trx: DbExecutor = this.db) {
    return trx.selectFrom('pipelines').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Applies changes and bumps the version, only if the pipeline is still as `expected` (its step
   * and version, each when given). Answers the new version, or undefined when another change won.
   */
  async update(
    tenantId: string,
    id: string,
    expected: ExpectedPipeline,
    changes: PipelineRowChanges,
    trx: DbExecutor = this.db,
  ): Promise<number | undefined> {
    const { extractedData, reviewedData, agentReport, ...plain } = changes;
    const row = await trx
      .updateTable('pipelines')
      .set({
        ...plain,
        ...(extractedData === undefined ? {} : { extractedData: jsonb(extractedData) }),
        ...(reviewedData === undefined ? {} : { reviewedData: jsonb(reviewedData) }),
        ...(agentReport === undefined ? {} : { agentReport: jsonb(agentReport) }),
        version: sql<number>`version + 1`,
        updatedAt: sql<Date>`now()`,
      })
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .$if(expected.step !== undefined, (query) => query.where('currentStep', '=', expected.step!))
      .$if(expected.version !== undefined, (query) =>
        query.where('version', '=', expected.version!),
      )
      .returning('version')
      .executeTakeFirst();
    return row?.version;
  }

  /**
   * One page of a pipeline list, newest first, as the list answers it (timestamps already in ISO
   * form). Runs one of a few fixed statements, prepared once per shape (steps, type filter,
   * cursor, page size): the lists are polled by every open screen, so no query is built per
   * request.
   */
  list(
    tenantId: string,
    filter: PipelineListFilter,
    trx: DbExecutor = this.db,
  ): Promise<PipelinePageRow[]> {
    const { steps, docTypeId, after, assignedToNobodyOr, limit } = filter;
    const values: PreparedValue[] = [tenantId];
    if (docTypeId !== undefined) values.push(docTypeId);
    if (after !== undefined) values.push(after.createdAt, after.id);
    if (assignedToNobodyOr !== undefined) values.push(assignedToNobodyOr);
    const query = pipelineListQuery(
      steps,
      docTypeId !== undefined,
      after !== undefined,
      limit,
      assignedToNobodyOr !== undefined,
    );
    return runPrepared<PipelinePageRow>(trx, query, values);
  }

  /** Counts per step, from the trigger-kept pipeline_counts (a few rows per type). */
  async countByStep(tenantId: string, trx: DbExecutor = this.db): Promise<StepCounts> {
    const rows = await trx
      .selectFrom('pipelineCounts')
      .select(['currentStep', (eb) => eb.fn.sum<number>('count').as('count')])
      .where('tenantId', '=', tenantId)
      .groupBy('currentStep')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.currentStep, Number(row.count)]));
  }

  /**
   * Per type with pending documents: how many wait for review and for approval (from
   * pipeline_counts), and the two newest, from two index-ordered LIMIT 2 scans per type: never a
   * scan of the backlog.
   */
  async pendingByType(tenantId: string, trx: DbExecutor = this.db) {
    const result = await sql<{
      docTypeId: string;
      docTypeName: string;
      reviewCount: number;
      approvalCount: number;
      recent: { pipeline_id: string; original_filename: string; current_step: PipelineStep }[];
    }>`
      SELECT t.id AS doc_type_id, t.name AS doc_type_name,
             c.review_count, c.approval_count, r.recent
      FROM (
        SELECT doc_type_id,
               sum(count) FILTER (WHERE current_step = 'human_review')::int AS review_count,
               sum(count) FILTER (WHERE current_step = 'approval')::int AS approval_count
        FROM pipeline_counts
        WHERE tenant_id = ${tenantId} AND current_step IN ('human_review', 'approval')
        GROUP BY doc_type_id
        HAVING sum(count) > 0
      ) c
      JOIN doc_types t ON t.id = c.doc_type_id
      CROSS JOIN LATERAL (
        SELECT coalesce(json_agg(json_build_object(
                 'pipeline_id', x.id,
                 'original_filename', x.original_filename,
                 'current_step', x.current_step
               ) ORDER BY x.created_at DESC, x.id DESC), '[]'::json) AS recent
        FROM (
          (SELECT id, original_filename, current_step, created_at FROM pipelines
           WHERE tenant_id = ${tenantId} AND doc_type_id = c.doc_type_id
             AND current_step = 'human_review'
           ORDER BY created_at DESC, id DESC LIMIT 2)
          UNION ALL
          (SELECT id, original_filename, current_step, created_at FROM pipelines
           WHERE tenant_id = ${tenantId} AND doc_type_id = c.doc_type_id
             AND current_step = 'approval'
           ORDER BY created_at DESC, id DESC LIMIT 2)
          ORDER BY created_at DESC, id DESC
          LIMIT 2
        ) x
      ) r
      ORDER BY t.name, t.id
    `.execute(trx);
    return result.rows;
  }

  /** Pending pipelines in total and per enabled agent of their type (from pipeline_counts). */
  async pendingAgentCounts(tenantId: string, trx: DbExecutor = this.db) {
    const result = await sql<{
      totalPending: number;
      dataEntryEnabled: number;
      reconciliationEnabled: number;
    }>`
      SELECT coalesce(sum(c.count), 0)::int AS total_pending,
             coalesce(sum(c.count) FILTER (WHERE (t.agents_enabled ->> 'data_entry')::boolean), 0)::int
               AS data_entry_enabled,
             coalesce(sum(c.count) FILTER (WHERE (t.agents_enabled ->> 'recon')::boolean), 0)::int
               AS reconciliation_enabled
      FROM pipeline_counts c
      JOIN doc_types t ON t.id = c.doc_type_id
      WHERE c.tenant_id = ${tenantId} AND c.current_step IN ('human_review', 'approval')
    `.execute(trx);
    return result.rows[0] ?? { totalPending: 0, dataEntryEnabled: 0, reconciliationEnabled: 0 };
  }

  async insertEvents(events: NewPipelineEvent[], trx: DbExecutor = this.db): Promise<void> {
    if (events.length === 0) return;
    await trx
      .insertInto('pipelineEvents')
      .values(events.map(({ data, ...event }) => ({ ...event, data: jsonb(data) })))
      .execute();
  }

  /** A pipeline's history, oldest first, bounded. */
  listEvents(tenantId: string, pipelineId: string, limit: number, trx: DbExecutor = this.db) {
    return trx
      .selectFrom('pipelineEvents')
      .select(['id', 'kind', 'actorLabel', 'data', 'createdAt'])
      .where('tenantId', '=', tenantId)
      .where('pipelineId', '=', pipelineId)
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  }

  /** The kind and data of the pipeline's history entries of one kind, oldest first. */
  listEventsOfKind(
    tenantId: string,
    pipelineId: string,
    kind: HistoryKind,
    trx: DbExecutor = this.db,
  ) {
    return trx
      .selectFrom('pipelineEvents')
      .select(['kind', 'data'])
      .where('tenantId', '=', tenantId)
      .where('pipelineId', '=', pipelineId)
      .where('kind', '=', kind)
      .orderBy('id', 'asc')
      .execute();
  }

  /**
   * Who last did `kind` to the pipeline: submitted its review for approval ('review_submitted'),
   * sent it to a colleague ('assigned'). Null for an API key or nobody.
   */
  async lastActor(
    tenantId: string,
    pipelineId: string,
    kind: 'review_submitted' | 'assigned',
    trx: DbExecutor = this.db,
  ) {
    const row = await trx
      .selectFrom('pipelineEvents')
      .select('actorUserId')
      .where('tenantId', '=', tenantId)
      .where('pipelineId', '=', pipelineId)
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.actorUserId ?? null;
  }

  /**
   * The pipeline's place among the tenant's pipelines of the same type at the same step, in the
   * pending lists' order (newest first), with its neighbours. The row's own created_at is compared
   * in SQL: a JavaScript Date would drop its microseconds and misplace it. With `viewerId`, the
   * approval queue holds only what is assigned to nobody or to that user (as their list does).
   */
  async queuePosition(
    tenantId: string,
    pipelineId: string,
    viewerId: string | null = null,
    trx: DbExecutor = this.db,
  ) {
    const result = await sql<{
      position: number;
      total: number;
      previousId: string | null;
      nextId: string | null;
    }>`
      WITH me AS (
        SELECT id, doc_type_id, current_step, created_at FROM pipelines
        WHERE tenant_id = ${tenantId} AND id = ${pipelineId}
      ), queue AS (
        SELECT p.id, p.created_at FROM pipelines p, me
        WHERE p.tenant_id = ${tenantId} AND p.doc_type_id = me.doc_type_id
          AND p.current_step = me.current_step
          AND (${viewerId}::uuid IS NULL OR me.current_step <> 'approval'
               OR p.assigned_to IS NULL OR p.assigned_to = ${viewerId}::uuid OR p.id = me.id)
      )
      SELECT
        (SELECT count(*) FROM queue, me WHERE (queue.created_at, queue.id) > (me.created_at, me.id))::int + 1
          AS position,
        (SELECT count(*) FROM queue)::int AS total,
        (SELECT queue.id FROM queue, me WHERE (queue.created_at, queue.id) > (me.created_at, me.id)
          ORDER BY queue.created_at ASC, queue.id ASC LIMIT 1) AS previous_id,
        (SELECT queue.id FROM queue, me WHERE (queue.created_at, queue.id) < (me.created_at, me.id)
          ORDER BY queue.created_at DESC, queue.id DESC LIMIT 1) AS next_id
      FROM me
    `.execute(trx);
    return result.rows[0];
  }

  /** The company's pipelines waiting for a person whose type enables the agent, oldest first. */
  async pendingWithAgent(
    tenantId: string,
    agent: Exclude<keyof AgentsEnabled, 'extract'>,
    trx: DbExecutor = this.db,
  ): Promise<string[]> {
    const rows = await trx
      .selectFrom('pipelines as p')
      .innerJoin('docTypes as t', 't.id', 'p.docTypeId')
      .select('p.id')
      .where('p.tenantId', '=', tenantId)
      .where('p.currentStep', 'in', PENDING_STEPS)
      .where(sql<boolean>`coalesce((t.agents_enabled ->> ${agent})::boolean, false)`)
      .orderBy('p.createdAt', 'asc')
      .orderBy('p.id', 'asc')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Which of the ids are the company's pipelines. */
  async ownedIds(
    tenantId: string,
    ids: readonly string[],
    trx: DbExecutor = this.db,
  ): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await trx
      .selectFrom('pipelines')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** A pipeline with what an agent reads. */
  findForAgent(tenantId: string, id: string, trx: DbExecutor = this.db) {
    return trx
      .selectFrom('pipelines')
      .select([
        'id',
        'tenantId',
        'docTypeId',
        'fileId',
        'originalFilename',
        'currentStep',
        'extractedData',
        'reviewedData',
        'agentReport',
        'version',
      ])
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Other pipelines of the same company with the same duplicate key, oldest first, five at most. */
  findDuplicates(
    tenantId: string,
    pipelineId: string,
    duplicateKey: string,
    trx: DbExecutor = this.db,
  ) {
    return trx
      .selectFrom('pipelines')
      .select(['id', 'originalFilename'])
      .where('tenantId', '=', tenantId)
      .where('duplicateKey', '=', duplicateKey)
      .where('id', '!=', pipelineId)
      .orderBy('createdAt', 'asc')
      .limit(5)
      .execute();
  }

  /** Each page's size from the file's kept reading (for placing highlights). */
  async pageSizes(fileId: string, trx: DbExecutor = this.db) {
    const row = await trx
      .selectFrom('fileReadings')
      .select('pageSizes')
      .where('fileId', '=', fileId)
      .executeTakeFirst();
    return row?.pageSizes ?? [];
  }
}

const pipelineListQueries = new Map<string, PreparedQuery>();

/**
 * The list statement for a shape. Steps and the row limit are written into the text (steps come
 * from the fixed list definitions, the limit is a validated page size): the database then keeps
 * one plan per statement, reading the (tenant, step, created_at, id) index in order. With the
 * limit as a parameter PostgreSQL would plan every call again, as it cannot tell a page of 51
 * rows from one of thousands. Timestamps come as text (see isoFromTimestampText), and the
 * assignee's email is looked up only for assigned rows: a join re-read the users table for every
 * listed row, most of which nobody is assigned to.
 */
function pipelineListQuery(
  steps: readonly PipelineStep[] | undefined,
  byType: boolean,
  afterPosition: boolean,
  limit: number,
  byAssignee = false,
): PreparedQuery {
  const key = `${steps?.join(',') ?? '*'}|${byType}|${afterPosition}|${limit}|${byAssignee}`;
  const known = pipelineListQueries.get(key);
  if (known) return known;
  if (steps?.some((step) => !/^[a-z_]+$/.test(step))) throw new Error(`Unknown step in ${key}`);
  assertRowLimit(limit);
  let parameter = 1;
  const where = ['p.tenant_id = $1'];
  if (steps !== undefined) {
    where.push(`p.current_step IN (${steps.map((step) => `'${step}'`).join(', ')})`);
  }
  if (byType) where.push(`p.doc_type_id = $${++parameter}`);
  if (afterPosition) {
    where.push(`(p.created_at, p.id) < ($${++parameter}::timestamptz, $${++parameter}::uuid)`);
  }
  if (byAssignee) {
    where.push(`(p.assigned_to IS NULL OR p.assigned_to = $${++parameter}::uuid)`);
  }
  const query = preparedQuery(
    'pipeline_list',
    `SELECT p.id, p.doc_type_id, t.name AS doc_type_name, p.file_id, p.original_filename,
            p.current_step, p.failure_reason, p.assigned_to,
            CASE WHEN p.assigned_to IS NOT NULL
                 THEN (SELECT u.email FROM users u WHERE u.id = p.assigned_to) END AS assignee_email,
            p.created_at::text AS "cursorAt", p.updated_at::text AS updated_at
     FROM pipelines p
     JOIN doc_types t ON t.id = p.doc_type_id
     WHERE ${where.join(' AND ')}
     ORDER BY p.created_at DESC, p.id DESC
     LIMIT ${limit}`,
  );
  pipelineListQueries.set(key, query);
  return query;
}
