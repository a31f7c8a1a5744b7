import { setTimeout as sleep } from 'node:timers/promises';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { company, type Headers, inviteMember } from './factories.js';
import { sharedDatabaseApps, type SharedDatabaseApps } from './support/shared-database-apps.js';

// Two API processes of one deployment, each reusing a user's membership for one second.
const CACHE_SECONDS = 1;
let shared: SharedDatabaseApps;
let apiA: FastifyInstance;
let apiB: FastifyInstance;
beforeAll(async () => {
  shared = await sharedDatabaseApps();
  apiA = await shared.app({ AUTH_CACHE_SECONDS: String(CACHE_SECONDS) });
  apiB = await shared.app({ AUTH_CACHE_SECONDS: String(CACHE_SECONDS) });
});
afterAll(() => shared.close());

const pendingReview = (app: FastifyInstance, headers: Headers) =>
  app.inject({ method: 'GET', url: '/api/pipelines/pending-review', headers });

async function memberOfCompany() {
  const admin = await company(apiA);
  const member = await inviteMember(apiA, admin);
  const users = await apiA.inject({
    method: 'GET',
    url: '/api/users/tenant',
    headers: admin.headers,
  });
  const memberId = users
    .json<{ id: string; email: string }[]>()
    .find((u) => u.email === member.email)!.id;
  return { admin, member, memberId };
}

describe('signed-in users reused for a few seconds', () => {
  it('a token issued by one API process is accepted by another', async () => {
    const { member } = await memberOfCompany();
    expect((await pendingReview(apiB, member.headers)).statusCode).toBe(200);
  });

  it('refuses a removed member on the process that removed them at once, and on every other within the cache window', async () => {
    const { admin, member, memberId } = await memberOfCompany();
    // Both processes have just seen the member.
    expect((await pendingReview(apiA, member.headers)).statusCode).toBe(200);
    expect((await pendingReview(apiB, member.headers)).statusCode).toBe(200);

    const removed = await apiA.inject({
      method: 'DELETE',
      url: `/api/users/${memberId}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await pendingReview(apiA, member.headers)).statusCode).toBe(403);

    await sleep(CACHE_SECONDS * 1000 + 100);
    const elsewhere = await pendingReview(apiB, member.headers);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('applies a role change within the cache window everywhere', async () => {
    const { admin, member, memberId } = await memberOfCompany();
    const settings = (headers: Headers) =>
      apiB.inject({ method: 'GET', url: '/api/api-keys', headers });
    expect((await settings(member.headers)).statusCode).toBe(403);
    const promoted = await apiA.inject({
      method: 'PATCH',
      url: `/api/users/${memberId}`,
      headers: admin.headers,
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode).toBe(200);
    await sleep(CACHE_SECONDS * 1000 + 100);
    expect((await settings(member.headers)).statusCode).toBe(200);
  });

  it('still refuses a forged token and a missing one', async () => {
    expect((await pendingReview(apiB, { authorization: 'Bearer not-a-token' })).statusCode).toBe(
      401,
    );
    expect((await pendingReview(apiB, {})).statusCode).toBe(401);
  });
});
