import { describe, expect, it } from 'vitest';

import { company } from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

const TOO_DEEP = {
  code: 'VALIDATION_FAILED',
  detail: 'The request body nests arrays and objects more than 64 levels deep',
};

const nestedArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Signs in with `payload` sent as the JSON body, as it is written. */
const signIn = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { 'content-type': 'application/json' },
    payload,
  });

describe('a deeply nested JSON body', () => {
  it('answers 400 on sign-in, before anyone is signed in', async () => {
    const payload = nestedArrays(10_000);
    expect(payload.length).toBe(20_000);
    const response = await signIn(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(TOO_DEEP);
  });

  it("answers 400 on the company's settings, which are left unchanged", async () => {
    const admin = await company(t.app);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/company/settings',
      headers: admin.headers,
    });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/company/settings',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: nestedObjects(50_000),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(TOO_DEEP);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/company/settings',
      headers: admin.headers,
    });
    expect(after.json()).toEqual(before.json());
  });

  it('is read as usual up to 64 levels', async () => {
    const admin = await company(t.app);
    const response = await signIn(
      `{"email":"${admin.email}","password":"${admin.password}","extra":${nestedArrays(63)}}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('access_token');
  });

  it('still refuses malformed JSON and prototype poisoning as before', async () => {
    for (const payload of ['{"email": ', '{"__proto__": {"admin": true}}']) {
      const response = await signIn(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
