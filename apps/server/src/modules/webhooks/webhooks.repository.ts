import { sql } from 'kysely';

import type { Database, DbExecutor } from '../../db/client.js';
import { jsonb } from '../../db/json.js';
import type {
  WebhookDeliveryAttemptRow,
  WebhookDeliveryRow,
  WebhookTrigger,
} from '../../db/schema.js';

/** Deliveries one pipeline lists; older ones beyond this are not shown. */
const PIPELINE_DELIVERIES_LIMIT = 100;
/** Attempts listed per delivery (a series has at most a handful; resends add more). */
const ATTEMPTS_PER_DELIVERY = 50;

export interface NewDelivery {
  tenantId: string;
  pipelineId: string;
  url: string;
  headers: Record<string, string>;
  timeoutSeconds: number;
  trigger: WebhookTrigger;
}

/** The outcome of one attempt, and what it makes of the delivery. */
export interface AttemptRecord {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: Date | null;
}

/** Webhook secrets, deliveries and their attempts. */
export class WebhooksRepository {
  constructor(private readonly db: Database) {}

  /** The tenant's signing secret, stored first when it has none (a concurrent first use agrees). */
  async secretOf(tenantId: string, generated: string, trx: DbExecutor = this.db): Promise<string> {
    const existing = await trx
      .selectFrom('webhookSecrets')
      .select('secret')
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    if (existing) return existing.secret;
    await trx
      .insertInto('webhookSecrets')
      .values({ tenantId, secret: generated })
      .onConflict((conflict) => conflict.column('tenantId').doNothing())
      .execute();
    const row = await trx
      .selectFrom('webhookSecrets')
      .select('secret')
      .where('tenantId', '=', tenantId)
      .executeTakeFirstOrThrow();
    return row.secret;
  }

  async replaceSecret(tenantId: string, secret: string, trx: DbExecutor = this.db): Promise<void> {
    await trx
      .insertInto('webhookSecrets')
      .values({ tenantId, secret })
      .onConflict((conflict) =>
        conflict.column('tenantId').doUpdateSet({ secret, rotatedAt: sql<Date>`now()` }),
      )
      .execute();
  }

  /** The export settings of a type, read inside the caller's transaction. */
  async exportSettingsOf(tenantId: string, docTypeId: string, trx: DbExecutor = this.db) {
    const row = await trx
      .selectFrom('docTypes')
      .select('exportSettings')
      .where('tenantId', '=', tenantId)
      .where('id', '=', docTypeId)
      .executeTakeFirst();
    return row?.exportSettings;
  }

  async pipelineExists(tenantId: string, pipelineId: string, trx: DbExecutor = this.db) {
    const row = await trx
      .selectFrom('pipelines')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('id', '=', pipelineId)
      .executeTakeFirst();
    return row !== undefined;
  }

  insertDelivery(delivery: NewDelivery, trx: DbExecutor = this.db): Promise<WebhookDeliveryRow> {
    return trx
      .insertInto('webhookDeliveries')
      .values({ ...delivery, headers: jsonb(delivery.headers) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A delivery by id alone, for the job that sends it (it acts for the system). */
  findById(id: string, trx: DbExecutor = this.db) {
    return trx.selectFrom('webhookDeliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findForTenant(tenantId: string, id: string, trx: DbExecutor = this.db) {
    return trx
      .selectFrom('webhookDeliveries')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Locks the delivery so a resend and a running attempt do not both change it. */
  findForUpdate(tenantId: string, id: string, trx: DbExecutor) {
    return trx
      .selectFrom('webhookDeliveries')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** A pipeline's deliveries, newest first. */
  listForPipeline(tenantId: string, pipelineId: string, trx: DbExecutor = this.db) {
    return trx
      .selectFrom('webhookDeliveries')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('pipelineId', '=', pipelineId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(PIPELINE_DELIVERIES_LIMIT)
      .execute();
  }

  /** The attempts of these deliveries, in order, at most ATTEMPTS_PER_DELIVERY (the latest) each. */
  async attemptsOf(
    deliveryIds: readonly string[],
    trx: DbExecutor = this.db,
  ): Promise<WebhookDeliveryAttemptRow[]> {
    if (deliveryIds.length === 0) return [];
    const result = await sql<WebhookDeliveryAttemptRow>`
      SELECT id, delivery_id, attempt, at, status_code, error, duration_ms FROM (
        SELECT a.*, row_number() OVER (PARTITION BY delivery_id ORDER BY attempt DESC) AS recent
        FROM webhook_delivery_attempts a
        WHERE delivery_id IN (${sql.join(deliveryIds)})
      ) ranked
      WHERE recent <= ${ATTEMPTS_PER_DELIVERY}
      ORDER BY delivery_id, attempt
    `.execute(trx);
    return result.rows;
  }

  /** Records one attempt and its effect on the delivery, in one transaction. */
  async recordAttempt(deliveryId: string, outcome: AttemptRecord): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const delivery = await trx
        .updateTable('webhookDeliveries')
        .set({
          attempts: sql<number>`attempts + 1`,
          status: outcome.status,
          lastStatusCode: outcome.statusCode,
          lastError: outcome.error,
          nextAttemptAt: outcome.nextAttemptAt,
          ...(outcome.status === 'delivered' ? { deliveredAt: sql<Date>`now()` } : {}),
        })
        .where('id', '=', deliveryId)
        .returning('attempts')
        .executeTakeFirst();
      if (!delivery) return; // its pipeline was deleted meanwhile
      await trx
        .insertInto('webhookDeliveryAttempts')
        .values({
          deliveryId,
          attempt: delivery.attempts,
          statusCode: outcome.statusCode,
          error: outcome.error,
          durationMs: outcome.durationMs,
        })
        .execute();
    });
  }

  /** Marks a delivery that is still pending as failed (its job gave up). */
  async failPending(deliveryId: string, error: string, trx: DbExecutor = this.db): Promise<void> {
    await trx
      .updateTable('webhookDeliveries')
      .set({ status: 'failed', lastError: error, nextAttemptAt: null })
      .where('id', '=', deliveryId)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Puts a finished delivery back to pending for a new series of attempts. */
  async restart(tenantId: string, id: string, trx: DbExecutor): Promise<void> {
    await trx
      .updateTable('webhookDeliveries')
      .set({ status: 'pending', nextAttemptAt: sql<Date>`now()`, deliveredAt: null })
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }
}
