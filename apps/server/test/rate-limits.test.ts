import { randomUUID } from 'node:crypto';

import { invoicePdf } from '@parser/test-documents';
import { describe, expect, it } from 'vitest';

import { PostgresRateLimitStore } from '../src/plugins/postgres-rate-limit-store.js';

import { multipart } from './build-test-app.js';
import { company, type Headers } from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile({
  ...RELAXED_SIGN_IN_LIMITS,
  UPLOAD_RATE_LIMIT_PER_COMPANY: '2',
  UPLOAD_RATE_LIMIT_PER_IP: '100',
  ENGINE_RATE_LIMIT_PER_COMPANY: '100',
  ENGINE_RATE_LIMIT_PER_IP: '2',
  WEBHOOK_RATE_LIMIT_PER_COMPANY: '1',
  WEBHOOK_RATE_LIMIT_PER_IP: '100',
});

const expectLimited = (response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) => {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({
    code: 'RATE_LIMITED',
    detail: expect.stringMatching(
      /^Too many requests\. Try again in \d+ (second|minute)s?\.$/,
    ) as unknown,
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
};

describe('rate limits on expensive routes', () => {
  it('counts uploads per company: a third upload in the window answers 429, another company goes on', async () => {
    const doc = await invoicePdf();
    const upload = (headers: Headers) => {
      const body = multipart([{ name: 'file', fileName: 'invoice.pdf', bytes: doc.bytes }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/files:upload',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    const first = await company(t.app);
    expect((await upload(first.headers)).statusCode).toBe(201);
    // Upload validation belongs to the same group and counts too.
    const validate = await t.app.inject({
      method: 'POST',
      url: '/api/uploads:validate',
      headers: first.headers,
      payload: { fileId: randomUUID(), docTypeId: randomUUID() },
    });
    expect(validate.statusCode).toBe(404);
    expectLimited(await upload(first.headers));

    const second = await company(t.app, 'Other Ltd');
    expect((await upload(second.headers)).statusCode).toBe(201);
  });

  it('counts engine work per client address, whichever company calls', async () => {
    const retry = (headers: Headers, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/pipelines/${randomUUID()}/re-extract`,
        headers,
        remoteAddress,
      });
    const one = await company(t.app);
    const two = await company(t.app, 'Two Ltd');
    expect((await retry(one.headers, '10.9.0.1')).statusCode).toBe(404);
    expect((await retry(two.headers, '10.9.0.1')).statusCode).toBe(404);
    expectLimited(await retry(one.headers, '10.9.0.1'));
    expectLimited(await retry(two.headers, '10.9.0.1'));
    expect((await retry(one.headers, '10.9.0.2')).statusCode).toBe(404);
  });

  it('limits webhook sends, and never counts a caller who is not signed in', async () => {
    const admin = await company(t.app);
    const send = (headers: Headers) =>
      t.app.inject({
        method: 'POST',
        url: `/api/pipelines/${randomUUID()}/export:webhook`,
        headers,
        payload: { url: 'https://hooks.example.com/in' },
      });
    expect((await send({})).statusCode).toBe(401);
    expect((await send({ authorization: 'Bearer nonsense' })).statusCode).toBe(401);
    expect((await send(admin.headers)).statusCode).toBe(404);
    expectLimited(await send(admin.headers));
    // Checking whether deliveries may reach a URL counts in the same group.
    expectLimited(
      await t.app.inject({
        method: 'POST',
        url: '/api/webhooks:check-url',
        headers: admin.headers,
        payload: { url: 'https://hooks.example.com/in' },
      }),
    );
  });

  it('leaves routes that are not expensive alone', async () => {
    const admin = await company(t.app);
    for (let i = 0; i < 5; i++) {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/doc-types',
        headers: admin.headers,
      });
      expect(list.statusCode).toBe(200);
    }
  });
});

describe('the database store of rate limit counts', () => {
  it('counts one window across processes sharing the database, then starts a new one', async () => {
    // Two stores stand for two server processes on one PostgreSQL database.
    const one = new PostgresRateLimitStore(t.db);
    const two = new PostgresRateLimitStore(t.db);
    const key = `test:${randomUUID()}`;
    expect(await one.count(key, 60_000)).toMatchObject({ current: 1 });
    expect(await two.count(key, 60_000)).toMatchObject({ current: 2 });
    const third = await one.count(key, 60_000);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(55_000);
    expect(third.ttl).toBeLessThanOrEqual(60_000);

    // Once the window has passed, the next request starts a new one.
    await t.db
      .updateTable('rateLimitCounters')
      .set({ resetsAt: new Date(Date.now() - 1000) })
      .where('key', '=', key)
      .execute();
    expect(await two.count(key, 60_000)).toMatchObject({ current: 1 });
  });
});
