import type { ModelUsage } from '@parser/contracts';

import type { Database, DbExecutor } from '../../db/client.js';
import type { ModelCallsTable } from '../../db/schema.js';

export interface NewModelCall {
  tenantId: string;
  pipelineId: string | null;
  purpose: ModelCallsTable['purpose'];
  model: string;
  outcome: ModelCallsTable['outcome'];
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  error: string | null;
}

/** The model's requests per company (usage, last error) and each type's "use the model" switch. */
export class ModelCallsRepository {
  constructor(private readonly db: Database) {}

  async insert(call: NewModelCall, trx: DbExecutor = this.db): Promise<void> {
    await trx.insertInto('modelCalls').values(call).execute();
  }

  async usage(tenantId: string, trx: DbExecutor = this.db): Promise<ModelUsage> {
    const row = await trx
      .selectFrom('modelCalls')
      .select((eb) => [
        eb.fn.countAll<string>().as('requests'),
        eb.fn.count<string>('id').filterWhere('outcome', '=', 'fallback').as('fallbacks'),
        eb.fn.coalesce(eb.fn.sum<string>('inputTokens'), eb.lit(0)).as('inputTokens'),
        eb.fn.coalesce(eb.fn.sum<string>('outputTokens'), eb.lit(0)).as('outputTokens'),
        eb.fn.avg<string | null>('latencyMs').as('averageLatencyMs'),
      ])
      .where('tenantId', '=', tenantId)
      .executeTakeFirstOrThrow();
    return {
      requests: Number(row.requests),
      fallbacks: Number(row.fallbacks),
      input_tokens: Number(row.inputTokens),
      output_tokens: Number(row.outputTokens),
      average_latency_ms:
        row.averageLatencyMs === null ? null : Math.round(Number(row.averageLatencyMs)),
    };
  }

  async lastError(
    tenantId: string,
    trx: DbExecutor = this.db,
  ): Promise<{ message: string; at: Date } | undefined> {
    const row = await trx
      .selectFrom('modelCalls')
      .select(['error', 'createdAt'])
      .where('tenantId', '=', tenantId)
      .where('error', 'is not', null)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.error ? { message: row.error, at: row.createdAt } : undefined;
  }

  /** The company's document types (not the Test step's temporary copies) and their switch. */
  async docTypes(
    tenantId: string,
    trx: DbExecutor = this.db,
  ): Promise<{ id: string; name: string; useModel: boolean }[]> {
    return trx
      .selectFrom('docTypes')
      .select(['id', 'name', 'useModel'])
      .where('tenantId', '=', tenantId)
      .where('isTemporary', '=', false)
      .orderBy('name')
      .execute();
  }

  /** Sets a type's switch; false when the company has no such type. */
  async setUseModel(
    tenantId: string,
    docTypeId: string,
    useModel: boolean,
    trx: DbExecutor = this.db,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('docTypes')
      .set({ useModel })
      .where('tenantId', '=', tenantId)
      .where('id', '=', docTypeId)
      .where('isTemporary', '=', false)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** What the agents' model pass needs of a type: its switch and its data entry instructions. */
  async agentSettings(
    tenantId: string,
    docTypeId: string,
    trx: DbExecutor = this.db,
  ): Promise<{ useModel: boolean; dataEntryInstructions: string }> {
    const row = await this.modelSettingsOf(tenantId, docTypeId, trx);
    return row
      ? { useModel: row.useModel, dataEntryInstructions: row.dataEntryInstructions }
      : { useModel: false, dataEntryInstructions: '' };
  }

  /** Whether the model reads documents of this type; a type that is gone reads as off. */
  async usesModel(
    tenantId: string,
    docTypeId: string,
    trx: DbExecutor = this.db,
  ): Promise<boolean> {
    const row = await this.modelSettingsOf(tenantId, docTypeId, trx);
    return row?.useModel ?? false;
  }

  /**
   * Whether the wizard's Test step uses the model for this type. The Test step reads with a
   * temporary copy named `{name}_test_{timestamp}`, which starts with the switch on: it follows the
   * company's type of that name (the one being edited) when there is one, and a new type's test
   * uses the model, as the new type will.
   */
  async usesModelInTest(
    tenantId: string,
    docTypeId: string,
    trx: DbExecutor = this.db,
  ): Promise<boolean> {
    const row = await this.modelSettingsOf(tenantId, docTypeId, trx);
    if (!row) return false;
    if (!row.isTemporary) return row.useModel;
    const edited = await trx
      .selectFrom('docTypes')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('name', '=', row.name.replace(/_test_\d+$/, ''))
      .where('isTemporary', '=', false)
      .where('useModel', '=', false)
      .executeTakeFirst();
    return edited === undefined;
  }

  /** What the model settings of a type are read from: its switch, instructions, name and kind. */
  private modelSettingsOf(tenantId: string, docTypeId: string, trx: DbExecutor) {
    return trx
      .selectFrom('docTypes')
      .select(['name', 'useModel', 'isTemporary', 'dataEntryInstructions'])
      .where('tenantId', '=', tenantId)
      .where('id', '=', docTypeId)
      .executeTakeFirst();
  }
}
