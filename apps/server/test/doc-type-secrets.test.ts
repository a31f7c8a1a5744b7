import { describe, expect, it } from 'vitest';

import { bearer } from './build-test-app.js';
import { company, createInvoiceType, type Headers, inviteMember } from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

const TOKEN = 'tok-3f9a1c77e2b94d0c-9876';
const KEY_VALUE = 'short-key';
const HEADER_SECRET = 'hdr-secret-5e1f0a2b-1234';

interface ExportConfig {
  auth_token: string;
  api_key_value: string;
  headers: Record<string, string>;
}
interface DocTypeBody {
  id: string;
  name: string;
  exportSettings: { config: ExportConfig };
}

async function readType(headers: Headers, id: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/doc-types/${id}`, headers });
  expect(response.statusCode).toBe(200);
  return { body: response.json<DocTypeBody>(), raw: response.body };
}

async function setup() {
  const admin = await company(t.app);
  const member = await inviteMember(t.app, admin);
  const typeId = await createInvoiceType(t.app, admin.headers, {
    export_formats: [{ type: 'webhook', enabled: true }],
    config: {
      webhook_url: 'https://hooks.example.com/in',
      auth_token: TOKEN,
      api_key_header: 'X-Api-Key',
      api_key_value: KEY_VALUE,
      headers: { 'X-Signature-Secret': HEADER_SECRET },
    },
  });
  return { admin, member, typeId };
}

const expectNoSecret = (raw: string) => {
  for (const secret of [TOKEN, KEY_VALUE, HEADER_SECRET]) expect(raw).not.toContain(secret);
};

describe('webhook secrets of a document type', () => {
  it('are shown to admins, who edit them in the wizard', async () => {
    const { admin, typeId } = await setup();
    const { body } = await readType(admin.headers, typeId);
    expect(body.exportSettings.config).toMatchObject({
      auth_token: TOKEN,
      api_key_value: KEY_VALUE,
      headers: { 'X-Signature-Secret': HEADER_SECRET },
    });
  });

  it('are masked for members in the type and in the list', async () => {
    const { member, typeId } = await setup();
    const { body, raw } = await readType(member.headers, typeId);
    expectNoSecret(raw);
    expect(body.exportSettings.config).toMatchObject({
      auth_token: '••••9876',
      api_key_value: '••••',
      api_key_header: 'X-Api-Key',
      webhook_url: 'https://hooks.example.com/in',
      headers: { 'X-Signature-Secret': '••••1234' },
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/doc-types',
      headers: member.headers,
    });
    expect(list.statusCode).toBe(200);
    expectNoSecret(list.body);
  });

  it('are masked for API keys, even one an admin created', async () => {
    const { admin, typeId } = await setup();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'Importer' },
    });
    const keyHeaders = bearer(created.json<{ key: string }>().key);
    const { body, raw } = await readType(keyHeaders, typeId);
    expectNoSecret(raw);
    expect(body.exportSettings.config.auth_token).toBe('••••9876');
    const list = await t.app.inject({ method: 'GET', url: '/api/doc-types', headers: keyHeaders });
    expectNoSecret(list.body);
  });

  it('survive a member saving the type with the masks they were shown', async () => {
    const { admin, member, typeId } = await setup();
    const { body } = await readType(member.headers, typeId);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/doc-types/${typeId}`,
      headers: member.headers,
      payload: { name: 'Invoices (renamed)', exportSettings: body.exportSettings },
    });
    expect(saved.statusCode).toBe(200);
    expectNoSecret(saved.body);
    const after = await readType(admin.headers, typeId);
    expect(after.body.name).toBe('Invoices (renamed)');
    expect(after.body.exportSettings.config).toMatchObject({
      auth_token: TOKEN,
      api_key_value: KEY_VALUE,
      headers: { 'X-Signature-Secret': HEADER_SECRET },
    });
  });

  it('can be replaced by an admin but not by a member, who reads the new one masked', async () => {
    const { admin, member, typeId } = await setup();
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/doc-types/${typeId}`,
      headers: member.headers,
      payload: { exportSettings: { config: { auth_token: 'new-token-0000000-4321' } } },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      detail: expect.stringContaining('auth_token') as unknown,
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/doc-types/${typeId}`,
      headers: admin.headers,
      payload: { exportSettings: { config: { auth_token: 'new-token-0000000-4321' } } },
    });
    expect(saved.statusCode).toBe(200);
    const after = await readType(admin.headers, typeId);
    expect(after.body.exportSettings.config.auth_token).toBe('new-token-0000000-4321');
    expect(after.body.exportSettings.config.api_key_value).toBe(KEY_VALUE);
    const asMember = await readType(member.headers, typeId);
    expect(asMember.body.exportSettings.config.auth_token).toBe('••••4321');
  });

  it('are never overwritten by a mask that no longer matches the stored secret', async () => {
    const { admin, member, typeId } = await setup();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/doc-types/${typeId}`,
      headers: member.headers,
      payload: { exportSettings: { config: { auth_token: '••••0000' } } },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: expect.stringContaining('auth_token') as unknown,
    });
    expect((await readType(admin.headers, typeId)).body.exportSettings.config.auth_token).toBe(
      TOKEN,
    );
  });

  it('are refused as masks on a new type, which has no secret a mask could stand for', async () => {
    const { admin } = await setup();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/doc-types',
      headers: admin.headers,
      payload: {
        name: 'Copied invoice',
        fields: [{ key: 'total', label: 'Total', type: 'number' }],
        exportSettings: {
          export_formats: [{ type: 'webhook', enabled: true }],
          config: { webhook_url: 'https://hooks.example.com/in', auth_token: '••••9876' },
        },
      },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: expect.stringContaining('auth_token') as unknown,
    });
  });
});
