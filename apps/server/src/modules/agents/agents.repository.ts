import type { AgentName, AgentRunItem } from '@parser/contracts';
import { sql } from 'kysely';

import type { Database, DbExecutor } from '../../db/client.js';
import { jsonb } from '../../db/json.js';

/** The key of a type's agent toggles and of a knowledge document's enabledFor, per agent. */
export const AGENT_TOGGLE: Record<AgentName, 'data_entry' | 'recon'> = {
  data_entry: 'data_entry',
  reconciliation: 'recon',
};

/**
 * Knowledge texts and background runs. The agents read pipelines through the pipelines module
 * (AgentPipelines), whose state machine also stores what an agent changes.
 */
export class AgentsRepository {
  constructor(private readonly db: Database) {}

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
