import {
  ExportSettingsSchema,
  type WebhookDelivery,
  type WebhookExportBody,
  WebhookExportBodySchema,
  type WebhookExportResult,
  type WebhookSecret,
} from '@parser/contracts';

import type { Database, DbExecutor } from '../../db/client.js';
import type { WebhookDeliveryAttemptRow, WebhookDeliveryRow } from '../../db/schema.js';
import { type JobContext, PermanentJobError } from '../../jobs/job-definition.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import { assertAdmin, type TenantAuth } from '../../plugins/auth.js';
import type { ExportsService, LoadedExport } from '../exports/exports.service.js';

import { configuredHeaders, customHeaders, deliveryRequestHeaders } from './webhook-headers.js';
import { sendWebhook, type WebhookOutcome } from './webhook-sender.js';
import { generateWebhookSecret, signWebhook } from './webhook-signature.js';
import {
  checkWebhookTarget,
  type HostLookup,
  resolveWebhookTarget,
  WebhookRefusedError,
  type WebhookTarget,
  type WebhookTargetCheck,
} from './webhook-target.js';
import { deliverWebhookJob } from './webhooks.jobs.js';
import type { WebhooksRepository } from './webhooks.repository.js';

export interface WebhooksDeps {
  db: Database;
  webhooks: WebhooksRepository;
  exports: ExportsService;
  queue: JobQueue;
  /** WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean;
  /** DNS resolution of webhook hosts; the system resolver unless given. */
  lookup?: HostLookup;
}

/** What approving a pipeline tells the automatic export. */
export interface ApprovedPipeline {
  tenantId: string;
  pipelineId: string;
  docTypeId: string;
}

interface AttemptResult extends WebhookOutcome {
  /** Refused by policy (scheme, address, headers): trying again cannot help. */
  refused: boolean;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * Webhook deliveries of approved documents: sent by hand from the Exports screen, or queued on
 * approval and retried with backoff. Every request is signed with the tenant's secret and goes
 * only to addresses the SSRF policy allows, pinned to the address that was checked.
 */
export class WebhooksService {
  constructor(private readonly deps: WebhooksDeps) {}

  async secret(auth: TenantAuth): Promise<WebhookSecret> {
    assertAdmin(auth);
    return { secret: await this.deps.webhooks.secretOf(auth.tenantId, generateWebhookSecret()) };
  }

  /** A new secret signs every delivery from now on; receivers must switch to it. */
  async rotateSecret(auth: TenantAuth): Promise<WebhookSecret> {
    assertAdmin(auth);
    const secret = generateWebhookSecret();
    await this.deps.webhooks.replaceSecret(auth.tenantId, secret);
    return { secret };
  }

  /**
   * The Exports screen's Send to Webhook: one attempt now, recorded as a manual delivery. A URL
   * the policy refuses answers 400; a receiver that fails is an outcome (success false), not an
   * error. When the URL is the type's own webhook URL, the type's credentials go with it.
   */
  async sendNow(
    auth: TenantAuth,
    pipelineId: string,
    input: WebhookExportBody,
  ): Promise<WebhookExportResult> {
    const body = WebhookExportBodySchema.parse(input);
    const loaded = await this.deps.exports.load(auth.tenantId, pipelineId);
    const isTypeWebhook = body.url === loaded.config.webhook_url;
    let headers: Record<string, string> = {};
    let target: WebhookTarget | undefined;
    try {
      headers = customHeaders(
        isTypeWebhook ? { ...configuredHeaders(loaded.config), ...body.headers } : body.headers,
      );
      target = await this.resolve(body.url);
    } catch (error) {
      if (error instanceof WebhookRefusedError) {
        throw new AppError('VALIDATION_FAILED', { message: error.message });
      }
      // The host did not resolve: recorded below as a failed attempt, like any network error.
    }
    const delivery = await this.deps.webhooks.insertDelivery({
      tenantId: auth.tenantId,
      pipelineId: loaded.source.pipelineId,
      url: body.url,
      headers,
      timeoutSeconds: loaded.config.timeout,
      trigger: 'manual',
    });
    const outcome = await this.attempt(delivery, { loaded, target });
    await this.deps.webhooks.recordAttempt(delivery.id, {
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
      status: outcome.success ? 'delivered' : 'failed',
      nextAttemptAt: null,
    });
    return {
      success: outcome.success,
      status_code: outcome.statusCode,
      error: outcome.error,
      delivery_id: delivery.id,
    };
  }

  /**
   * The approval hook: when the type exports automatically to an enabled webhook with a URL, a
   * pending delivery and its job are added to the approval's transaction. Nothing is sent here,
   * so approval never waits for a receiver.
   */
  async enqueueOnApproval(approved: ApprovedPipeline, trx: DbExecutor): Promise<void> {
    const stored = await this.deps.webhooks.exportSettingsOf(
      approved.tenantId,
      approved.docTypeId,
      trx,
    );
    const settings = ExportSettingsSchema.safeParse(stored);
    if (!settings.success || !settings.data.auto_export_on_approval) return;
    const webhookOn = settings.data.export_formats.some(
      (format) => format.type === 'webhook' && format.enabled,
    );
    const { config } = settings.data;
    if (!webhookOn || !config.webhook_url) return;
    const delivery = await this.deps.webhooks.insertDelivery(
      {
        tenantId: approved.tenantId,
        pipelineId: approved.pipelineId,
        url: config.webhook_url,
        // Checked when sent: a bad header fails the delivery, never the approval.
        headers: configuredHeaders(config),
        timeoutSeconds: config.timeout,
        trigger: 'auto',
      },
      trx,
    );
    await this.enqueue(delivery, approved.tenantId, trx);
  }

  /** The job: one attempt of a pending delivery; a failure is thrown so the queue retries it. */
  async deliver(deliveryId: string, context: JobContext): Promise<void> {
    const delivery = await this.deps.webhooks.findById(deliveryId);
    // Deleted with its pipeline, or already finished by an earlier run of this job.
    if (!delivery || delivery.status !== 'pending') return;
    let outcome: AttemptResult;
    try {
      outcome = await this.attempt(delivery);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return;
      throw error;
    }
    const finalAttempt = outcome.success || outcome.refused || context.isLastAttempt;
    const retryInMs = deliverWebhookJob.backoffMs!(context.attempt);
    await this.deps.webhooks.recordAttempt(delivery.id, {
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
      status: outcome.success ? 'delivered' : finalAttempt ? 'failed' : 'pending',
      nextAttemptAt: finalAttempt ? null : new Date(Date.now() + retryInMs),
    });
    if (outcome.success) return;
    const message = outcome.error ?? 'The delivery failed';
    throw outcome.refused ? new PermanentJobError(message) : new Error(message);
  }

  /** The queue gave up on a delivery's job (e.g. the worker kept stopping): mark it failed. */
  async giveUp(deliveryId: string, error: string): Promise<void> {
    await this.deps.webhooks.failPending(deliveryId, error);
  }

  /** Starts a new series of attempts for a delivery that has finished (delivered or failed). */
  async resend(auth: TenantAuth, deliveryId: string): Promise<WebhookDelivery> {
    const id = assertId(deliveryId, 'Webhook delivery');
    await this.deps.db.transaction().execute(async (trx) => {
      const delivery = await this.deps.webhooks.findForUpdate(auth.tenantId, id, trx);
      if (!delivery) throw notFound('Webhook delivery');
      if (delivery.status === 'pending') {
        throw new AppError('INVALID_STATE', {
          message: 'This delivery is still being sent; wait for it to finish before resending',
        });
      }
      await this.deps.webhooks.restart(auth.tenantId, id, trx);
      await this.enqueue(delivery, auth.tenantId, trx);
    });
    const delivery = await this.deps.webhooks.findForTenant(auth.tenantId, id);
    if (!delivery) throw notFound('Webhook delivery');
    const attempts = await this.deps.webhooks.attemptsOf([id]);
    return toDelivery(delivery, attempts);
  }

  /** A pipeline's deliveries, newest first, each with its attempts. */
  async listForPipeline(auth: TenantAuth, pipelineId: string): Promise<WebhookDelivery[]> {
    const id = assertId(pipelineId, 'Pipeline');
    if (!(await this.deps.webhooks.pipelineExists(auth.tenantId, id))) throw notFound('Pipeline');
    const deliveries = await this.deps.webhooks.listForPipeline(auth.tenantId, id);
    const attempts = await this.deps.webhooks.attemptsOf(deliveries.map((d) => d.id));
    return deliveries.map((delivery) =>
      toDelivery(
        delivery,
        attempts.filter((attempt) => attempt.deliveryId === delivery.id),
      ),
    );
  }

  private enqueue(delivery: WebhookDeliveryRow, tenantId: string, trx: DbExecutor) {
    return this.deps.queue.enqueue(
      deliverWebhookJob,
      { deliveryId: delivery.id, pipelineId: delivery.pipelineId },
      // One key per series: a resend must not be swallowed by the previous series' job while
      // that job is still being marked finished.
      { tenantId, dedupeKey: `webhook-delivery:${delivery.id}:${delivery.attempts}` },
      trx,
    );
  }

  /** May real deliveries reach this URL? The policy deliveries follow, as an answer. */
  checkTarget(url: string): Promise<WebhookTargetCheck> {
    return checkWebhookTarget(url, this.resolveOptions());
  }

  private resolve(url: string): Promise<WebhookTarget> {
    return resolveWebhookTarget(url, this.resolveOptions());
  }

  private resolveOptions() {
    return {
      allowPrivate: this.deps.allowPrivate,
      ...(this.deps.lookup ? { lookup: this.deps.lookup } : {}),
    };
  }

  /**
   * One signed POST of the document's JSON export. The body is built now, so it carries the
   * current export settings and exported_at; the signature covers exactly these bytes.
   */
  private async attempt(
    delivery: WebhookDeliveryRow,
    known: { loaded?: LoadedExport; target?: WebhookTarget | undefined } = {},
  ): Promise<AttemptResult> {
    const loaded =
      known.loaded ?? (await this.deps.exports.load(delivery.tenantId, delivery.pipelineId));
    const failed = (error: string, refused: boolean): AttemptResult => ({
      success: false,
      statusCode: null,
      error,
      durationMs: 0,
      refused,
    });
    let target: WebhookTarget;
    let headers: Record<string, string>;
    try {
      headers = customHeaders(delivery.headers);
      target = known.target ?? (await this.resolve(delivery.url));
    } catch (error) {
      if (error instanceof WebhookRefusedError) return failed(error.message, true);
      const host = URL.canParse(delivery.url) ? new URL(delivery.url).hostname : delivery.url;
      return failed(`Could not resolve ${host}: ${(error as Error).message}`, false);
    }
    const body = JSON.stringify(
      this.deps.exports.document(loaded, { exportedAt: new Date(), event: 'document.approved' }),
    );
    const secret = await this.deps.webhooks.secretOf(delivery.tenantId, generateWebhookSecret());
    const outcome = await sendWebhook({
      target,
      headers: deliveryRequestHeaders(headers, {
        id: delivery.id,
        signature: signWebhook(secret, body),
      }),
      body,
      timeoutMs: delivery.timeoutSeconds * 1000,
    });
    return { ...outcome, refused: false };
  }
}

function toDelivery(
  row: WebhookDeliveryRow,
  attempts: readonly WebhookDeliveryAttemptRow[],
): WebhookDelivery {
  return {
    id: row.id,
    pipeline_id: row.pipelineId,
    url: row.url,
    trigger: row.trigger,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: iso(row.nextAttemptAt),
    created_at: new Date(row.createdAt).toISOString(),
    delivered_at: iso(row.deliveredAt),
    attempt_log: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      at: new Date(attempt.at).toISOString(),
      status_code: attempt.statusCode,
      error: attempt.error,
      duration_ms: attempt.durationMs,
    })),
  };
}
