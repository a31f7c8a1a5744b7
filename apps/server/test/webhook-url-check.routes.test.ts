import { describe, expect, it } from 'vitest';

import type { TestApp } from './build-test-app.js';
import { company, type Headers } from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

const strict = testAppPerFile({ AUTH_RATE_LIMIT_PER_IP: '1000' });
const lenient = testAppPerFile({ AUTH_RATE_LIMIT_PER_IP: '1000', WEBHOOK_ALLOW_PRIVATE: 'true' });

const check = (t: TestApp, headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks:check-url', headers, payload });

describe('POST /api/webhooks:check-url', () => {
  it.each([
    ['http://127.0.0.1:9/hook', /127\.0\.0\.1 is a loopback address/],
    ['http://10.1.2.3/hook', /is a private address/],
    ['http://192.0.2.10/hook', /192\.0\.2\.10 is a documentation address/],
    ['http://[::ffff:127.0.0.1]/hook', /loopback \(IPv4-mapped\) address/],
    ['ftp://93.184.216.34/hook', /must use http or https/],
    ['not a url', /is not a valid address/],
  ])('says deliveries to %s will be refused, and why', async (url, reason) => {
    const admin = await company(strict.app);
    const response = await check(strict, admin.headers, { url });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ allowed: boolean; reason: string }>();
    expect(body.allowed).toBe(false);
    expect(body.reason).toMatch(reason);
  });

  it('allows a public address', async () => {
    const admin = await company(strict.app);
    const response = await check(strict, admin.headers, { url: 'https://93.184.216.34/hook' });
    expect(response.json()).toEqual({ allowed: true, reason: null });
  });

  it('follows WEBHOOK_ALLOW_PRIVATE as deliveries do', async () => {
    const admin = await company(lenient.app);
    const response = await check(lenient, admin.headers, { url: 'http://127.0.0.1:9/hook' });
    expect(response.json()).toEqual({ allowed: true, reason: null });
  });

  it('answers 400 without a URL and 401 when signed out', async () => {
    const admin = await company(strict.app);
    expect((await check(strict, admin.headers, { url: ' ' })).statusCode).toBe(400);
    expect((await check(strict, {}, { url: 'https://93.184.216.34/' })).statusCode).toBe(401);
  });
});
