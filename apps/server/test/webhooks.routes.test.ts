import { createHmac } from 'node:crypto';

import type {
  ExportDocument,
  ExportPage,
  WebhookDelivery,
  WebhookExportResult,
} from '@parser/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  approve,
  approvedInvoice,
  company,
  createInvoiceType,
  type Headers,
  inviteMember,
  REVIEWED_INVOICE,
  submitReview,
  uploadInvoice,
} from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';
import { closedPortUrl, type ReceivedRequest, Receiver } from './webhook-receiver.js';

const t = testAppPerFile({ ...RELAXED_SIGN_IN_LIMITS, WEBHOOK_ALLOW_PRIVATE: 'true' });
let receiver: Receiver;
beforeAll(async () => {
  receiver = await Receiver.start();
});
afterAll(async () => {
  await receiver.close();
});
afterEach(() => {
  receiver.received.length = 0;
  receiver.script = [];
  receiver.hang = false;
});

const sendToWebhook = (
  headers: Headers,
  id: string,
  payload: { url: string; headers?: Record<string, string> },
  app = t.app,
) => app.inject({ method: 'POST', url: `/api/pipelines/${id}/export:webhook`, headers, payload });

async function deliveriesOf(headers: Headers, id: string, app = t.app) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/pipelines/${id}/deliveries`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<WebhookDelivery[]>();
}

async function secretOf(headers: Headers) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/settings/webhook-secret',
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ secret: string }>().secret;
}

/** Checks X-Parser-Signature as a receiver would: HMAC-SHA256 of "<t>.<raw body>". */
function signatureVerifies(request: ReceivedRequest, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers['x-parser-signature']));
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${request.body}`).digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(match[1])) < 300;
  return fresh && expected === match[2];
}

/** Makes the queued retries of a delivery due now, as if their wait had passed. */
async function makeRetryDue(deliveryId: string) {
  await sql`UPDATE jobs SET run_at = now()
            WHERE name = 'webhook.deliver' AND status = 'queued'
              AND payload ->> 'deliveryId' = ${deliveryId}`.execute(t.db);
}

const webhookSettings = (url: string, config: Record<string, unknown> = {}) => ({
  auto_export_on_approval: true,
  export_formats: [{ type: 'webhook', enabled: true }],
  config: { webhook_url: url, ...config },
});

describe('POST /api/pipelines/:id/export:webhook', () => {
  let admin: Awaited<ReturnType<typeof company>>;
  let pipelineId: string;
  beforeAll(async () => {
    admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    pipelineId = (await approvedInvoice(t, admin.headers, typeId)).pipelineId;
  });

  it('posts the signed JSON export with the given headers and answers the outcome', async () => {
    const response = await sendToWebhook(admin.headers, pipelineId, {
      url: receiver.url('/in?source=parser'),
      headers: { 'X-Team': 'finance', 'X-Api-Key': 'k-123' },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<WebhookExportResult>();
    expect(result).toEqual({
      success: true,
      status_code: 200,
      error: null,
      delivery_id: expect.any(String),
    });

    expect(receiver.received).toHaveLength(1);
    const request = receiver.received[0]!;
    expect(request).toMatchObject({ method: 'POST', url: '/in?source=parser' });
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Parser-Webhooks/1.0',
      'x-parser-delivery': result.delivery_id,
      'x-team': 'finance',
      'x-api-key': 'k-123',
    });
    expect(signatureVerifies(request, await secretOf(admin.headers))).toBe(true);
    const body = JSON.parse(request.body) as ExportDocument;
    expect(body.event).toBe('document.approved');
    expect(body.data).toEqual(REVIEWED_INVOICE);
    expect(body.metadata?.pipeline_id).toBe(pipelineId);

    const [delivery] = await deliveriesOf(admin.headers, pipelineId);
    expect(delivery).toMatchObject({
      id: result.delivery_id,
      trigger: 'manual',
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
      attempt_log: [{ attempt: 1, status_code: 200, error: null }],
    });
    // Headers (API keys, tokens) are stored for retries but never answered.
    expect(JSON.stringify(delivery)).not.toContain('k-123');
  });

  it('answers 200 with success false and the status when the receiver fails', async () => {
    receiver.script = [500];
    const response = await sendToWebhook(admin.headers, pipelineId, { url: receiver.url() });
    expect(response.statusCode).toBe(200);
    expect(response.json<WebhookExportResult>()).toMatchObject({
      success: false,
      status_code: 500,
      error: 'The receiver answered 500 Internal Server Error',
    });
  });

  it('treats a redirect as a failed attempt and does not follow it', async () => {
    receiver.script = [302];
    const result = (
      await sendToWebhook(admin.headers, pipelineId, { url: receiver.url() })
    ).json<WebhookExportResult>();
    expect(result).toMatchObject({ success: false, status_code: 302 });
    expect(result.error).toMatch(/redirects are not followed/);
    expect(receiver.received).toHaveLength(1);
  });

  it('answers success false with the reason when nothing listens at the address', async () => {
    const result = (
      await sendToWebhook(admin.headers, pipelineId, { url: await closedPortUrl() })
    ).json<WebhookExportResult>();
    expect(result).toMatchObject({ success: false, status_code: null });
    expect(result.error).toMatch(/^Connection refused by 127\.0\.0\.1:\d+/);
  });

  it("gives up on a receiver that never answers after the type's timeout", async () => {
    const typeId = await createInvoiceType(t.app, admin.headers, { config: { timeout: 5 } });
    const { pipelineId: id } = await approvedInvoice(t, admin.headers, typeId);
    receiver.hang = true;
    const started = Date.now();
    const result = (
      await sendToWebhook(admin.headers, id, { url: receiver.url() })
    ).json<WebhookExportResult>();
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({
      success: false,
      status_code: null,
      error: 'No answer within 5 s',
    });
    expect(elapsed).toBeGreaterThanOrEqual(4_900);
    expect(elapsed).toBeLessThan(15_000);
    const [delivery] = await deliveriesOf(admin.headers, id);
    expect(delivery!.attempt_log[0]!.duration_ms).toBeGreaterThanOrEqual(4_900);
  });

  it('refuses a URL that is not http or https, and headers that would break the request', async () => {
    for (const url of ['ftp://example.com/in', 'file:///etc/passwd']) {
      const response = await sendToWebhook(admin.headers, pipelineId, { url });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/must use http or https/);
    }
    const badHeader = await sendToWebhook(admin.headers, pipelineId, {
      url: receiver.url(),
      headers: { Host: 'internal.example' },
    });
    expect(badHeader.statusCode).toBe(400);
    expect(badHeader.json().detail).toBe('Webhook header "Host" cannot be set');
    expect(receiver.received).toHaveLength(0);
  });

  it('answers 409 for a document that is not approved and 404 for another company', async () => {
    const typeId = await createInvoiceType(t.app, admin.headers);
    const { pipelineId: pending } = await uploadInvoice(t.app, admin.headers, typeId);
    await t.drainJobs();
    const notApproved = await sendToWebhook(admin.headers, pending, { url: receiver.url() });
    expect(notApproved.statusCode).toBe(409);

    const other = await company(t.app, 'Other Co');
    const theirs = await sendToWebhook(other.headers, pipelineId, { url: receiver.url() });
    expect(theirs.statusCode).toBe(404);
    const deliveries = await t.app.inject({
      method: 'GET',
      url: `/api/pipelines/${pipelineId}/deliveries`,
      headers: other.headers,
    });
    expect(deliveries.statusCode).toBe(404);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('automatic export on approval', () => {
  it('retries a receiver that fails twice and records three attempts, ending delivered', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(
      t.app,
      admin.headers,
      webhookSettings(receiver.url('/auto'), {
        auth_token: 'secret-token',
        api_key_header: 'X-Api-Key',
        api_key_value: 'key-42',
        headers: { 'X-From': 'parser' },
      }),
    );
    receiver.script = [500, 503, 200];
    const { pipelineId } = await approvedInvoice(t, admin.headers, typeId);

    const [queued] = await deliveriesOf(admin.headers, pipelineId);
    expect(queued).toMatchObject({ trigger: 'auto', status: 'pending', attempts: 0 });
    expect(receiver.received).toHaveLength(0); // approval did not send anything itself

    await t.drainJobs();
    let [delivery] = await deliveriesOf(admin.headers, pipelineId);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500 });
    const firstWait = Date.parse(delivery!.next_attempt_at!) - Date.now();
    expect(firstWait).toBeGreaterThan(50_000);
    expect(firstWait).toBeLessThanOrEqual(60_000);

    await makeRetryDue(delivery!.id);
    await t.drainJobs();
    [delivery] = await deliveriesOf(admin.headers, pipelineId);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 2, last_status_code: 503 });
    const secondWait = Date.parse(delivery!.next_attempt_at!) - Date.now();
    expect(secondWait).toBeGreaterThan(110_000);
    expect(secondWait).toBeLessThanOrEqual(120_000);

    await makeRetryDue(delivery!.id);
    await t.drainJobs();
    [delivery] = await deliveriesOf(admin.headers, pipelineId);
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 3,
      last_status_code: 200,
      last_error: null,
      next_attempt_at: null,
    });
    expect(delivery!.delivered_at).not.toBeNull();
    expect(delivery!.attempt_log.map((attempt) => [attempt.attempt, attempt.status_code])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);

    expect(receiver.received).toHaveLength(3);
    const secret = await secretOf(admin.headers);
    for (const request of receiver.received) {
      expect(request.url).toBe('/auto');
      expect(request.headers).toMatchObject({
        authorization: 'Bearer secret-token',
        'x-api-key': 'key-42',
        'x-from': 'parser',
        'x-parser-delivery': delivery!.id,
      });
      expect(signatureVerifies(request, secret)).toBe(true);
      expect((JSON.parse(request.body) as ExportDocument).data).toEqual(REVIEWED_INVOICE);
    }

    const exports = await t.app.inject({
      method: 'GET',
      url: '/api/exports',
      headers: admin.headers,
    });
    expect(exports.json<ExportPage>().items[0]!.latest_delivery).toMatchObject({
      id: delivery!.id,
      status: 'delivered',
      attempts: 3,
    });
  });

  it('approves at once when the receiver is down, and keeps retrying in the background', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(
      t.app,
      admin.headers,
      webhookSettings(await closedPortUrl()),
    );
    const { pipelineId } = await uploadInvoice(t.app, admin.headers, typeId);
    await t.drainJobs();
    await submitReview(t.app, admin.headers, pipelineId);

    const approval = await approve(t.app, admin.headers, pipelineId);
    expect(approval.statusCode).toBe(200);
    expect(approval.json()).toMatchObject({ current_step: 'completed' });

    await t.drainJobs();
    const [delivery] = await deliveriesOf(admin.headers, pipelineId);
    expect(delivery).toMatchObject({ trigger: 'auto', status: 'pending', attempts: 1 });
    expect(delivery!.last_error).toMatch(/^Connection refused/);
    expect(delivery!.next_attempt_at).not.toBeNull();
  });

  it('queues nothing when the webhook format is off or no URL is set', async () => {
    const admin = await company(t.app);
    for (const settings of [
      { ...webhookSettings(receiver.url()), export_formats: [{ type: 'webhook', enabled: false }] },
      webhookSettings(''),
      { ...webhookSettings(receiver.url()), auto_export_on_approval: false },
    ]) {
      const typeId = await createInvoiceType(t.app, admin.headers, settings);
      const { pipelineId } = await approvedInvoice(t, admin.headers, typeId);
      await t.drainJobs();
      expect(await deliveriesOf(admin.headers, pipelineId)).toEqual([]);
    }
    expect(receiver.received).toHaveLength(0);
  });
});

describe('POST /api/webhook-deliveries/:id/resend', () => {
  it('sends a failed delivery again with a new series of attempts', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const { pipelineId } = await approvedInvoice(t, admin.headers, typeId);
    receiver.script = [500];
    const failed = (
      await sendToWebhook(admin.headers, pipelineId, {
        url: receiver.url(),
        headers: { 'X-Kept': 'yes' },
      })
    ).json<WebhookExportResult>();
    expect(failed.success).toBe(false);

    const resend = (id: string, headers = admin.headers) =>
      t.app.inject({ method: 'POST', url: `/api/webhook-deliveries/${id}/resend`, headers });
    const response = await resend(failed.delivery_id);
    expect(response.statusCode).toBe(200);
    expect(response.json<WebhookDelivery>()).toMatchObject({
      id: failed.delivery_id,
      status: 'pending',
      attempts: 1,
    });
    const again = await resend(failed.delivery_id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_STATE');

    await t.drainJobs();
    const [delivery] = await deliveriesOf(admin.headers, pipelineId);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(delivery!.attempt_log.map((attempt) => attempt.status_code)).toEqual([500, 200]);
    expect(receiver.received.map((request) => request.headers['x-kept'])).toEqual(['yes', 'yes']);

    const other = await company(t.app, 'Other Co');
    expect((await resend(failed.delivery_id, other.headers)).statusCode).toBe(404);
  });
});

describe('the webhook signing secret', () => {
  it('is created on first use, shown to admins only, and replaced by a rotation', async () => {
    const admin = await company(t.app);
    const first = await secretOf(admin.headers);
    expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await secretOf(admin.headers)).toBe(first);

    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/settings/webhook-secret:rotate',
      headers: admin.headers,
    });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<{ secret: string }>().secret;
    expect(second).not.toBe(first);
    expect(await secretOf(admin.headers)).toBe(second);

    const typeId = await createInvoiceType(t.app, admin.headers);
    const { pipelineId } = await approvedInvoice(t, admin.headers, typeId);
    await sendToWebhook(admin.headers, pipelineId, { url: receiver.url() });
    expect(signatureVerifies(receiver.received[0]!, second)).toBe(true);
    expect(signatureVerifies(receiver.received[0]!, first)).toBe(false);

    // Another company signs with its own secret.
    expect(await secretOf((await company(t.app, 'Other Co')).headers)).not.toBe(second);
  });

  it('answers 403 to members', async () => {
    const admin = await company(t.app);
    const member = (await inviteMember(t.app, admin)).headers;
    for (const [method, url] of [
      ['GET', '/api/settings/webhook-secret'],
      ['POST', '/api/settings/webhook-secret:rotate'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: member });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('webhooks when private addresses are not allowed', () => {
  const strict = testAppPerFile({ AUTH_RATE_LIMIT_PER_IP: '1000' });
  let admin: Awaited<ReturnType<typeof company>>;
  let pipelineId: string;
  beforeAll(async () => {
    admin = await company(strict.app);
    const typeId = await createInvoiceType(
      strict.app,
      admin.headers,
      webhookSettings(receiver.url('/auto')),
    );
    pipelineId = (await approvedInvoice(strict, admin.headers, typeId)).pipelineId;
  });

  it.each([
    [
      'http://169.254.169.254/latest/meta-data/',
      /169\.254\.169\.254 is a link-local \(cloud metadata\) address/,
    ],
    ['http://10.0.0.1/hook', /10\.0\.0\.1 is a private address/],
    ['http://localhost:8080/hook', /localhost resolves to .* loopback address/],
    ['http://[::ffff:127.0.0.1]/hook', /loopback \(IPv4-mapped\) address/],
    ['http://[::ffff:0:7f00:1]/hook', /loopback \(IPv4-translated\) address/],
    ['http://192.0.2.10/hook', /192\.0\.2\.10 is a documentation address/],
    ['http://198.51.100.7/hook', /is a documentation address/],
    ['http://203.0.113.5/hook', /is a documentation address/],
    ['http://[2001:db8::1]/hook', /2001:db8::1 is a documentation address/],
    ['http://[100::1]/hook', /reserved \(discard-only\) address/],
  ])('refuses %s with a clear detail', async (url, detail) => {
    const response = await sendToWebhook(admin.headers, pipelineId, { url }, strict.app);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: expect.stringMatching(detail),
    });
  });

  it('fails an automatic delivery to a loopback address at once, without retries', async () => {
    await strict.drainJobs();
    const deliveries = await deliveriesOf(admin.headers, pipelineId, strict.app);
    // Only the automatic delivery: refused manual sends leave no record.
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      trigger: 'auto',
      status: 'failed',
      attempts: 1,
      last_status_code: null,
      next_attempt_at: null,
    });
    expect(deliveries[0]!.last_error).toMatch(/127\.0\.0\.1 is a loopback address/);
    const jobs = await sql<{ status: string }>`SELECT status FROM jobs
      WHERE name = 'webhook.deliver'`.execute(strict.db);
    expect(jobs.rows.map((job) => job.status)).toEqual(['failed']);
    expect(receiver.received).toHaveLength(0);
  });
});
