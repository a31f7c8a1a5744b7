import { type AgentName, type AgentRunItem, PENDING_STEPS } from '@parser/contracts';
import { sql } from 'kysely';

import type { Database, DbExecutor } from '../../db/client.js';
import { jsonb } from '../../db/json.js';

/** The key of a type's agent toggles and of a knowledge document's enabledFor, per agent. */
export const AGENT_TOGGLE: Record<AgentName, 'data_entry' | 'recon'> = {
  data_entry: 'data_entry',
  reconciliation: 'recon',
};

/**
 * Pipelines as the agents read them, knowledge texts, and background runs. What an agent changes
 * in a pipeline is stored by the pipelines module's state machine.
 */
export class AgentsRepository {
  constructor(private readonly db: Database) {}

  /** The company's pipelines waiting for a person whose type enables the agent, oldest first. */
  async pendingForAgent(
    tenantId: string,
    agent: AgentName,
    trx: DbExecutor = this.db,
  ): Promise<string[]> {
    const rows = await trx
      .selectFrom('pipelines as p')
      .innerJoin('docTypes as t', 't.id', 'p.docTypeId')
      .select('p.id')
      .where('p.tenantId', '=', tenantId)
      .where('p.currentStep', 'in', PENDING_STEPS)
      .where(sql<boolean>`coalesce((t.agents_enabled ->> ${AGENT_TOGGLE[agent]})::boolean, false)`)
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

  /** The texts of the type's knowledge documents enabled for the agent. */
  async knowledgeFor(
    tenantId: string,
    docTypeId: string,
    agent: AgentName,
    trx: DbExecutor = this.db,
  ) {
    const result = await sql<{
      name: string;
      contentType: string;
      originalFilename: string;
      text: string;
    }>`
      SELECT r.name, r.content_type, r.original_filename, r.text
      FROM doc_types t
      CROSS JOIN LATERAL jsonb_array_elements(
        CASE WHEN jsonb_typeof(t.reference_documents) = 'array' THEN t.reference_documents ELSE '[]'::jsonb END
      ) AS link
      JOIN rag_documents r ON r.tenant_id = t.tenant_id AND r.id::text = link ->> 'id'
      WHERE t.tenant_id = ${tenantId} AND t.id = ${docTypeId}
        AND coalesce(link -> 'enabledFor', '["data_entry"]'::jsonb)
            @> jsonb_build_array(${AGENT_TOGGLE[agent]}::text)
      ORDER BY r.created_at, r.id
    `.execute(trx);
    return result.rows;
  }

  /** Other pipelines of the same company with the same duplicate key. */
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

  async insertRun(
    run: { tenantId: string; agent: AgentName; pipelineIds: string[]; createdBy: string | null },
    trx: DbExecutor = this.db,
  ): Promise<string> {
    const row = await trx
      .insertInto('agentRuns')
      .values({ ...run, results: jsonb([]) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  findRun(id: string, tenantId?: string, trx: DbExecutor = this.db) {
    return trx
      .selectFrom('agentRuns')
      .selectAll()
      .where('id', '=', id)
      .$if(tenantId !== undefined, (query) => query.where('tenantId', '=', tenantId!))
      .executeTakeFirst();
  }

  /** Adds a batch's results; `finished` completes the run. */
  async appendResults(
    id: string,
    results: readonly AgentRunItem[],
    finished: boolean,
    trx: DbExecutor = this.db,
  ): Promise<void> {
    await trx
      .updateTable('agentRuns')
      .set({
        results: sql<unknown[]>`results || ${JSON.stringify(results)}::jsonb`,
        ...(finished ? { status: 'completed' as const, finishedAt: new Date() } : {}),
      })
      .where('id', '=', id)
      .execute();
  }
}
