import type { ApiKey, CreatedApiKey, ExportDocument, ReviewRecord } from '@parser/contracts';
import { invoicePdf } from '@parser/test-documents';
import { beforeAll, describe, expect, it } from 'vitest';

import { bearer, uploadDocument } from './build-test-app.js';
import {
  approve,
  approvedInvoice,
  company,
  createInvoiceType,
  createPipelinesOfFiles,
  type Headers,
  inviteMember,
  REVIEWED_INVOICE,
  submitReview,
} from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

async function createKey(headers: Headers, name = 'Importer') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers,
    payload: { name },
  });
  expect(response.statusCode).toBe(201);
  return response.json<CreatedApiKey>();
}

async function listKeys(headers: Headers) {
  const response = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers });
  expect(response.statusCode).toBe(200);
  return response.json<ApiKey[]>();
}

describe('POST/GET/DELETE /api/api-keys', () => {
  it('shows a new key once and lists it afterwards by name and prefix only', async () => {
    const admin = await company(t.app);
    const created = await createKey(admin.headers, 'Accounting sync');
    expect(created.key).toMatch(/^prs_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Accounting sync',
      prefix: created.key.slice(0, 12),
      created_by: admin.email,
      last_used_at: null,
      revoked_at: null,
    });
    const listed = await listKeys(admin.headers);
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'Accounting sync',
        prefix: created.prefix,
        created_by: admin.email,
        created_at: created.created_at,
        last_used_at: null,
        revoked_at: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    // Another company sees none of it.
    expect(await listKeys((await company(t.app, 'Other Co')).headers)).toEqual([]);
  });

  it('refuses a blank name', async () => {
    const admin = await company(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: '  ' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 403 to members', async () => {
    const admin = await company(t.app);
    const member = (await inviteMember(t.app, admin)).headers;
    const { id } = await createKey(admin.headers);
    for (const [method, url] of [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['DELETE', `/api/api-keys/${id}`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: member,
        ...(method === 'POST' ? { payload: { name: 'x' } } : {}),
      });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('an API key as a bearer token', () => {
  let admin: Awaited<ReturnType<typeof company>>;
  let key: CreatedApiKey;
  let keyHeaders: Headers;
  let typeId: string;
  beforeAll(async () => {
    admin = await company(t.app);
    key = await createKey(admin.headers, 'Importer');
    keyHeaders = bearer(key.key);
    typeId = await createInvoiceType(t.app, admin.headers);
  });

  it('uploads a file, creates an upload and fetches the JSON export once approved', async () => {
    const types = await t.app.inject({ method: 'GET', url: '/api/doc-types', headers: keyHeaders });
    expect(types.statusCode).toBe(200);

    const document = await invoicePdf();
    const fileId = await uploadDocument(t.app, keyHeaders, {
      bytes: document.bytes,
      fileName: 'from-erp.pdf',
    });
    const pipelineId = (await createPipelinesOfFiles(t.app, keyHeaders, typeId, [fileId]))[0]!;
    await t.drainJobs();

    // The decisions stay with people: a key can read the review but not approve.
    const review = await t.app.inject({
      method: 'GET',
      url: `/api/pipelines/${pipelineId}/review`,
      headers: keyHeaders,
    });
    expect(review.statusCode).toBe(200);
    await submitReview(t.app, admin.headers, pipelineId);
    const keyApproval = await approve(t.app, keyHeaders, pipelineId);
    expect(keyApproval.statusCode).toBe(403);
    expect((await approve(t.app, admin.headers, pipelineId)).statusCode).toBe(200);

    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/pipelines/${pipelineId}/export?format=json`,
      headers: keyHeaders,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json<ExportDocument>().data).toEqual(REVIEWED_INVOICE);

    // History names the key; rows that name a user name its creator.
    const record = (
      await t.app.inject({
        method: 'GET',
        url: `/api/pipelines/${pipelineId}/review`,
        headers: admin.headers,
      })
    ).json<ReviewRecord>();
    expect(record.history[0]).toMatchObject({ kind: 'created', actor: 'API key "Importer"' });
    expect(record.history.find((entry) => entry.kind === 'approved')?.actor).toBe(admin.email);
    const file = await t.db
      .selectFrom('files')
      .select('uploadedBy')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(file.uploadedBy).toBe(admin.uid);

    const [listed] = await listKeys(admin.headers);
    expect(listed!.last_used_at).not.toBeNull();
  });

  it("answers 404 for another company's documents and files", async () => {
    const other = await company(t.app, 'Other Co');
    const otherType = await createInvoiceType(t.app, other.headers);
    const theirs = await approvedInvoice(t, other.headers, otherType);
    for (const url of [
      `/api/pipelines/${theirs.pipelineId}/export?format=json`,
      `/api/pipelines/${theirs.pipelineId}/review`,
      `/api/files/${theirs.fileId}/view`,
      `/api/doc-types/${otherType}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: keyHeaders });
      expect(response.statusCode, url).toBe(404);
    }
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: keyHeaders,
      payload: { docTypeId: otherType, files: [theirs.fileId] },
    });
    expect(upload.statusCode).toBe(404);
  });

  it('answers 403 on identity, settings and the decisions people make', async () => {
    const pipelineId = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['GET', '/auth/me'],
      ['GET', '/me'],
      ['POST', '/auth/password'],
      ['POST', '/api/users/setup-tenant'],
      ['GET', '/api/users/tenant'],
      ['GET', '/api/invites'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['GET', '/api/settings/webhook-secret'],
      ['POST', '/api/settings/webhook-secret:rotate'],
      ['POST', '/api/doc-types'],
      ['PUT', `/api/doc-types/${typeId}`],
      ['DELETE', `/api/doc-types/${typeId}`],
      ['POST', `/api/pipelines/${pipelineId}/review`],
      ['POST', `/api/pipelines/${pipelineId}/approval`],
      ['DELETE', `/api/pipelines/${pipelineId}`],
      ['POST', '/api/pipelines/bulk-delete'],
      ['POST', `/api/webhook-deliveries/${pipelineId}/resend`],
    ];
    for (const [method, url] of routes) {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: keyHeaders,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({
        code: 'FORBIDDEN',
        detail: `API keys cannot be used for ${method} ${url}; sign in as a user to do this`,
      });
    }
  });

  it('answers 401 for an unknown key and once the key is revoked', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/doc-types',
      headers: bearer(`${key.prefix}_${'A'.repeat(43)}`),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toBe('The API key is not valid');

    const doomed = await createKey(admin.headers, 'Old integration');
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/doc-types',
      headers: bearer(doomed.key),
    });
    expect(before.statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${doomed.id}`,
      headers: admin.headers,
    });
    expect(revoked.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/doc-types',
      headers: bearer(doomed.key),
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe('This API key has been revoked');
    const listed = (await listKeys(admin.headers)).find((entry) => entry.id === doomed.id);
    expect(listed!.revoked_at).not.toBeNull();
    // The other key still works.
    const other = await t.app.inject({ method: 'GET', url: '/api/doc-types', headers: keyHeaders });
    expect(other.statusCode).toBe(200);
    // Revoking another company's key is 404, like an unknown one.
    const elsewhere = await company(t.app, 'Elsewhere');
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${key.id}`,
      headers: elsewhere.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
