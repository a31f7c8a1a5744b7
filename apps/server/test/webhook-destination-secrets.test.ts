import type { WebhookExportResult } from '@parser/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  approvedInvoice,
  company,
  createInvoiceType,
  type Headers,
  inviteMember,
} from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';
import { type ReceivedRequest, Receiver } from './webhook-receiver.js';

const TOKEN = 'tok-3f9a1c77e2b94d0c-9876';
const KEY_VALUE = 'key-value-71d0c4e2-5555';
const HEADER_SECRET = 'hdr-secret-5e1f0a2b-1234';
const SECRETS = [TOKEN, KEY_VALUE, HEADER_SECRET];

const t = testAppPerFile({ ...RELAXED_SIGN_IN_LIMITS, WEBHOOK_ALLOW_PRIVATE: 'true' });
/** The receiver the admin configured. */
let companyReceiver: Receiver;
/** A receiver someone else controls. */
let otherReceiver: Receiver;
beforeAll(async () => {
  companyReceiver = await Receiver.start();
  otherReceiver = await Receiver.start();
});
afterAll(async () => {
  await companyReceiver.close();
  await otherReceiver.close();
});
afterEach(() => {
  companyReceiver.received.length = 0;
  otherReceiver.received.length = 0;
});

interface DocTypeBody {
  exportSettings: {
    config: {
      webhook_url: string;
      auth_token: string;
      api_key_value: string;
      headers: Record<string, string>;
    };
  };
}

/** A company whose invoice type exports automatically to its receiver with credentials. */
async function setup() {
  const admin = await company(t.app);
  const member = await inviteMember(t.app, admin);
  const typeId = await createInvoiceType(t.app, admin.headers, {
    auto_export_on_approval: true,
    export_formats: [{ type: 'webhook', enabled: true }],
    config: {
      webhook_url: companyReceiver.url('/in'),
      auth_token: TOKEN,
      api_key_header: 'X-Api-Key',
      api_key_value: KEY_VALUE,
      headers: { 'X-Signature-Secret': HEADER_SECRET },
    },
  });
  return { admin, member, typeId };
}

async function readType(headers: Headers, id: string): Promise<DocTypeBody> {
  const response = await t.app.inject({ method: 'GET', url: `/api/doc-types/${id}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<DocTypeBody>();
}

const saveType = (headers: Headers, id: string, exportSettings: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/doc-types/${id}`,
    headers,
    payload: { exportSettings },
  });

const sendToWebhook = (headers: Headers, pipelineId: string, url: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/pipelines/${pipelineId}/export:webhook`,
    headers,
    payload: { url },
  });

const carriesNoSecret = (request: ReceivedRequest) => {
  const sent = JSON.stringify(request.headers);
  for (const secret of SECRETS) expect(sent).not.toContain(secret);
  expect(request.headers.authorization).toBeUndefined();
  expect(request.headers['x-api-key']).toBeUndefined();
  expect(request.headers['x-signature-secret']).toBeUndefined();
};

describe("a document type's webhook credentials", () => {
  it('stay with the saved receiver when a member points the webhook elsewhere', async () => {
    const { admin, member, typeId } = await setup();
    const shown = await readType(member.headers, typeId);
    const moved = await saveType(member.headers, typeId, {
      ...shown.exportSettings,
      config: { ...shown.exportSettings.config, webhook_url: otherReceiver.url('/steal') },
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json()).toEqual({
      code: 'FORBIDDEN',
      detail:
        "Only an admin of your company can change a document type's webhook URL, headers, " +
        'bearer token or API key header and value (this request changes webhook_url)',
    });
    expect((await readType(admin.headers, typeId)).exportSettings.config).toMatchObject({
      webhook_url: companyReceiver.url('/in'),
      auth_token: TOKEN,
    });

    // Approving as the member exports to the admin's receiver only.
    await approvedInvoice(t, member.headers, typeId);
    await t.drainJobs();
    expect(otherReceiver.received).toHaveLength(0);
    expect(companyReceiver.received).toHaveLength(1);
    expect(companyReceiver.received[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('cannot be replaced or renamed by a member', async () => {
    const { admin, member, typeId } = await setup();
    for (const config of [
      { auth_token: 'member-token-0000-4321' },
      { api_key_header: 'X-Other-Key' },
      { headers: { 'X-Signature-Secret': '••••1234', 'X-Added': 'yes' } },
    ]) {
      const saved = await saveType(member.headers, typeId, { config });
      expect(saved.statusCode).toBe(403);
      expect(saved.json<{ detail: string }>().detail).toMatch(/^Only an admin of your company/);
    }
    const stored = (await readType(admin.headers, typeId)).exportSettings.config;
    expect(stored).toMatchObject({
      auth_token: TOKEN,
      api_key_value: KEY_VALUE,
      headers: { 'X-Signature-Secret': HEADER_SECRET },
    });
  });

  it("still let a member change the type's other export settings", async () => {
    const { admin, member, typeId } = await setup();
    const shown = await readType(member.headers, typeId);
    const saved = await saveType(member.headers, typeId, {
      ...shown.exportSettings,
      config: { ...shown.exportSettings.config, timeout: 60, include_raw: true },
    });
    expect(saved.statusCode).toBe(200);
    expect((await readType(admin.headers, typeId)).exportSettings.config).toMatchObject({
      timeout: 60,
      include_raw: true,
      auth_token: TOKEN,
      headers: { 'X-Signature-Secret': HEADER_SECRET },
    });
  });

  it('are dropped when an admin moves the webhook without entering them again', async () => {
    const { admin, typeId } = await setup();
    const moved = await saveType(admin.headers, typeId, {
      config: { webhook_url: otherReceiver.url('/new') },
    });
    expect(moved.statusCode).toBe(200);
    expect((await readType(admin.headers, typeId)).exportSettings.config).toMatchObject({
      webhook_url: otherReceiver.url('/new'),
      auth_token: '',
      api_key_value: '',
      headers: {},
    });

    await approvedInvoice(t, admin.headers, typeId);
    await t.drainJobs();
    expect(otherReceiver.received).toHaveLength(1);
    carriesNoSecret(otherReceiver.received[0]!);
  });

  it('go to the new receiver when the admin enters them with the new URL', async () => {
    const { admin, typeId } = await setup();
    const moved = await saveType(admin.headers, typeId, {
      config: { webhook_url: otherReceiver.url('/new'), auth_token: 'new-token-for-new-receiver' },
    });
    expect(moved.statusCode).toBe(200);
    await approvedInvoice(t, admin.headers, typeId);
    await t.drainJobs();
    expect(otherReceiver.received).toHaveLength(1);
    expect(otherReceiver.received[0]!.headers.authorization).toBe(
      'Bearer new-token-for-new-receiver',
    );
    expect(otherReceiver.received[0]!.headers['x-api-key']).toBeUndefined();
  });

  it('are sent by Send to Webhook only to the saved URL', async () => {
    const { member, typeId } = await setup();
    const { pipelineId } = await approvedInvoice(t, member.headers, typeId);
    await t.drainJobs();
    companyReceiver.received.length = 0;

    const elsewhere = await sendToWebhook(member.headers, pipelineId, otherReceiver.url('/x'));
    expect(elsewhere.json<WebhookExportResult>()).toMatchObject({ success: true });
    expect(otherReceiver.received).toHaveLength(1);
    carriesNoSecret(otherReceiver.received[0]!);

    const saved = await sendToWebhook(member.headers, pipelineId, companyReceiver.url('/in'));
    expect(saved.json<WebhookExportResult>()).toMatchObject({ success: true });
    expect(companyReceiver.received[0]!.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      'x-api-key': KEY_VALUE,
      'x-signature-secret': HEADER_SECRET,
    });
  });
});
