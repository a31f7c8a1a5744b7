import { describe, expect, it } from 'vitest';

import { bearer } from './build-test-app.js';
import { company, type Headers, inviteMember } from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

interface Member {
  id: string;
  email: string;
  active_api_keys?: number;
}
interface Key {
  id: string;
  name: string;
  created_by: string | null;
  revoked_at: string | null;
}

/** An admin, and a second admin (promoted member) who created an API key. */
async function companyWithKeyCreator() {
  const admin = await company(t.app);
  const colleague = await inviteMember(t.app, admin);
  const users = await t.app.inject({
    method: 'GET',
    url: '/api/users/tenant',
    headers: admin.headers,
  });
  const colleagueId = users.json<Member[]>().find((u) => u.email === colleague.email)!.id;
  const promoted = await t.app.inject({
    method: 'PATCH',
    url: `/api/users/${colleagueId}`,
    headers: admin.headers,
    payload: { role: 'admin' },
  });
  expect(promoted.statusCode).toBe(200);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: colleague.headers,
    payload: { name: 'Nightly import' },
  });
  expect(created.statusCode).toBe(201);
  return { admin, colleague, colleagueId, keyHeaders: bearer(created.json<{ key: string }>().key) };
}

const keysOf = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/api-keys', headers })).json<Key[]>();

const removeMember = (headers: Headers, id: string, query = '') =>
  t.app.inject({ method: 'DELETE', url: `/api/users/${id}${query}`, headers });

const keyWorks = async (keyHeaders: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/doc-types', headers: keyHeaders })).statusCode;

describe('DELETE /api/users/:id and the API keys the member created', () => {
  it('revokes the keys by default, and the key list still says who created them', async () => {
    const { admin, colleague, colleagueId, keyHeaders } = await companyWithKeyCreator();
    expect(await keyWorks(keyHeaders)).toBe(200);
    const users = await t.app.inject({
      method: 'GET',
      url: '/api/users/tenant',
      headers: admin.headers,
    });
    expect(users.json<Member[]>().find((u) => u.id === colleagueId)).toMatchObject({
      active_api_keys: 1,
    });

    expect((await removeMember(admin.headers, colleagueId)).statusCode).toBe(204);
    expect(await keyWorks(keyHeaders)).toBe(401);
    const [key] = await keysOf(admin.headers);
    expect(key).toMatchObject({ name: 'Nightly import', created_by: colleague.email });
    expect(key!.revoked_at).not.toBeNull();
  });

  it('keeps the keys working when the admin chooses to keep them', async () => {
    const { admin, colleague, colleagueId, keyHeaders } = await companyWithKeyCreator();
    const removed = await removeMember(admin.headers, colleagueId, '?revoke_api_keys=false');
    expect(removed.statusCode).toBe(204);
    expect(await keyWorks(keyHeaders)).toBe(200);
    expect(await keysOf(admin.headers)).toEqual([
      expect.objectContaining({ created_by: colleague.email, revoked_at: null }),
    ]);
    // The removed person cannot use the company any more themselves.
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/doc-types',
      headers: colleague.headers,
    });
    expect(own.statusCode).toBe(403);
  });

  it('answers 400 for a choice that is not true or false, and removes nobody', async () => {
    const { admin, colleagueId, keyHeaders } = await companyWithKeyCreator();
    const response = await removeMember(admin.headers, colleagueId, '?revoke_api_keys=maybe');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await keyWorks(keyHeaders)).toBe(200);
  });

  it('shows key counts to admins only', async () => {
    const admin = await company(t.app);
    const member = await inviteMember(t.app, admin);
    const users = await t.app.inject({
      method: 'GET',
      url: '/api/users/tenant',
      headers: member.headers,
    });
    expect(users.statusCode).toBe(200);
    for (const user of users.json<Member[]>()) expect(user).not.toHaveProperty('active_api_keys');
  });
});
