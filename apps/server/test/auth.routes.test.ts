import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  bearer,
  buildTestApp,
  cookieOf,
  signUpWithTenant,
  type TestApp,
} from './build-test-app.js';
import { uniqueEmail } from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

// One fresh database per file (a new PGlite takes seconds); every test uses its own e-mails.
const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);
afterEach(() => {
  vi.useRealTimers();
});

const signup = (email: string, password = 'correct horse battery') =>
  t.app.inject({ method: 'POST', url: '/auth/signup', payload: { email, password } });
const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('POST /auth/signup', () => {
  it('creates an account and answers a token pair with the refresh token also in an httpOnly cookie', async () => {
    const email = uniqueEmail();
    const response = await signup(email.toUpperCase());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(body.uid).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = cookieOf(response, 'parser_refresh');
    expect(cookie).toMatchObject({
      value: body.refresh_token,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/auth',
    });
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', body.uid)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(email);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers 409 "Email is already registered" for a taken e-mail, whatever its case', async () => {
    const email = uniqueEmail();
    await signup(email);
    const response = await signup(email.toUpperCase());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'Email is already registered', code: 'CONFLICT' });
  });

  it.each([['short1!'], ['password123'], ['12345678'], ['aaaaaaaaaa']])(
    'answers 400 "Password is too weak", with the rule, for %s',
    async (password) => {
      const response = await signup('weak@example.com', password);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail:
          'Password is too weak. At least 8 characters and hard to guess: not a common password or word, a date, a keyboard pattern or a repetition, nor your e-mail address. A few unrelated words work well.',
        code: 'VALIDATION_FAILED',
      });
    },
  );

  it.each([['not-an-email'], ['a@b'], ['two words@example.com']])(
    'answers 400 "Invalid email address" for %s',
    async (email) => {
      const response = await signup(email);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Invalid email address');
    },
  );

  it('answers 400 with readable details for a body that breaks the schema, and for malformed JSON', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email: 'x@y.co' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    expect(missing.json().detail).toEqual([expect.stringContaining('password')]);

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      detail: 'The request body is not valid JSON',
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('POST /auth/login', () => {
  it('answers tokens for the right password and 401 "Invalid email or password" otherwise', async () => {
    const email = uniqueEmail();
    await signup(email);
    const ok = await login(email, 'correct horse battery');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toEqual(expect.any(String));

    const wrong = await login(email, 'wrong password!');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Invalid email or password', code: 'UNAUTHENTICATED' });

    const unknown = await login('nobody@example.com', 'correct horse battery');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toBe('Invalid email or password');
  });
});

describe('auth rate limiting', () => {
  // Each test gets its own app with low limits; the file's shared app allows many attempts.
  let limited: TestApp | undefined;
  afterEach(async () => {
    await limited?.close();
    limited = undefined;
  });

  it('answers 429 with Retry-After once an e-mail has too many attempts, from any address', async () => {
    const email = uniqueEmail();
    limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '100' });
    const { app } = limited;
    const signup = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/signup',
        payload: { email, password: 'correct horse battery' },
      });
    const login = (email: string, password: string, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password },
        remoteAddress: ip,
      });
    await signup(email);
    // The sign-up counted as the first attempt for this e-mail.
    for (let i = 0; i < 2; i++)
      expect((await login(email, 'nope-nope', `10.0.0.${i}`)).statusCode).toBe(401);
    const refused = await login(email, 'correct horse battery', '10.0.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.json().detail).toMatch(/Too many attempts/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 429 once one client address has too many attempts, for any e-mail', async () => {
    limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '2', AUTH_RATE_LIMIT_PER_EMAIL: '100' });
    const { app } = limited;
    const login = (email: string, password: string, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password },
        remoteAddress: ip,
      });
    expect((await login('a@example.com', 'whatever-1', '10.1.1.1')).statusCode).toBe(401);
    expect((await login('b@example.com', 'whatever-1', '10.1.1.1')).statusCode).toBe(401);
    expect((await login('c@example.com', 'whatever-1', '10.1.1.1')).statusCode).toBe(429);
    expect((await login('c@example.com', 'whatever-1', '10.1.1.2')).statusCode).toBe(401);
  });
});

describe('POST /auth/refresh', () => {
  it('rejects an expired access token with 401, and a refresh gives a working one', async () => {
    const email = uniqueEmail();
    const user = await signUpWithTenant(t.app, email);
    // Only Date is faked: the database and the event loop keep real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);

    const expired = await t.app.inject({ method: 'GET', url: '/auth/me', headers: user.headers });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: 'Access token expired', code: 'UNAUTHENTICATED' });

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refresh_token: user.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refresh_token).not.toBe(user.refresh_token);
    const me = await t.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: bearer(refreshed.json().access_token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
  });

  it('reads the refresh token from the cookie when the body has none', async () => {
    const email = uniqueEmail();
    const created = await signup(email);
    const cookie = cookieOf(created, 'parser_refresh')!;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      cookies: { parser_refresh: cookie.value },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(cookieOf(refreshed, 'parser_refresh')?.value).toBe(refreshed.json().refresh_token);
  });

  it('revokes the whole family when a rotated refresh token is used again', async () => {
    const email = uniqueEmail();
    const first = (await signup(email)).json().refresh_token;
    const second = (
      await t.app.inject({
        method: 'POST',
        url: '/auth/refresh',
        payload: { refresh_token: first },
      })
    ).json().refresh_token;

    const reuse = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refresh_token: first },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().detail).toMatch(/used twice/);
    // The legitimate holder's newer token is dead too: whoever stole the old one cannot keep a session.
    const afterTheft = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refresh_token: second },
    });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('answers 401 for an unknown refresh token', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refresh_token: 'nope' },
    });
    expect(unknown.statusCode).toBe(401);
    const unknownCookie = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      cookies: { parser_refresh: 'nope' },
    });
    expect(unknownCookie.statusCode).toBe(401);
  });

  it('answers 204 with no tokens when no refresh token is sent (a signed-out browser)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/refresh' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const emptyBody = await t.app.inject({ method: 'POST', url: '/auth/refresh', payload: {} });
    expect(emptyBody.statusCode).toBe(204);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const email = uniqueEmail();
    const token = (await signup(email)).json().refresh_token;
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      payload: { refresh_token: token },
    });
    expect(out.statusCode).toBe(204);
    expect(cookieOf(out, 'parser_refresh')?.value).toBe('');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/auth/refresh',
          payload: { refresh_token: token },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('POST /auth/register', () => {
  it("creates the company with the user as admin, named 'My Company' when no name is given, and is idempotent", async () => {
    const email = uniqueEmail();
    const tokens = (await signup(email)).json();
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/register',
        headers: bearer(tokens.access_token),
        payload: { uid: tokens.uid, email: email, tenant_name: '  ' },
      });
    const first = await register();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      email: email,
      role: 'admin',
      tenant: { name: 'My Company', plan: 'basic' },
    });
    const second = await register();
    expect(second.json().tenantId).toBe(first.json().tenantId);
    const tenants = await t.db
      .selectFrom('tenants')
      .select('id')
      .where('name', '=', 'My Company')
      .execute();
    expect(tenants.filter((tenant) => tenant.id === first.json().tenantId)).toHaveLength(1);
    const users = await t.db
      .selectFrom('users')
      .select('tenantId')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(users.tenantId).toBe(first.json().tenantId);
  });

  it('answers 401 without a bearer token and 403 for another uid', async () => {
    const email = uniqueEmail();
    const tokens = (await signup(email)).json();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { uid: tokens.uid, email: email },
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: bearer(tokens.access_token),
      payload: { uid: '00000000-0000-0000-0000-000000000000', email: email },
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('GET /auth/me and GET /me', () => {
  it('answer the user with role, tenant id and tenant name and plan', async () => {
    const email = uniqueEmail();
    const user = await signUpWithTenant(t.app, email, 'Acme Ltd');
    for (const url of ['/auth/me', '/me']) {
      const response = await t.app.inject({ method: 'GET', url, headers: user.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        uid: user.uid,
        email: email,
        role: 'admin',
        tenantId: user.tenantId,
        tenant: { id: user.tenantId, name: 'Acme Ltd', plan: 'basic' },
      });
    }
  });

  it('answers null tenant for an account without a company, and 401 for a forged token', async () => {
    const tokens = (await signup(uniqueEmail('solo'))).json();
    const me = await t.app.inject({
      method: 'GET',
      url: '/me',
      headers: bearer(tokens.access_token),
    });
    expect(me.json()).toMatchObject({ role: null, tenantId: null, tenant: null });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/me',
      headers: bearer(`${tokens.access_token}x`),
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('POST /auth/password', () => {
  it('changes the password, keeps this session and signs out the others', async () => {
    const email = uniqueEmail();
    const user = await signUpWithTenant(t.app, email);
    const other = (await login(email, user.password)).json();

    const wrongCurrent = await t.app.inject({
      method: 'POST',
      url: '/auth/password',
      headers: user.headers,
      payload: { current_password: 'not it at all', new_password: 'a much better secret' },
    });
    expect(wrongCurrent.statusCode).toBe(401);
    expect(wrongCurrent.json().detail).toBe('Current password is incorrect');

    const weak = await t.app.inject({
      method: 'POST',
      url: '/auth/password',
      headers: user.headers,
      payload: { current_password: user.password, new_password: 'short' },
    });
    expect(weak.json().detail).toMatch(
      /^Password is too weak\. At least 8 characters and hard to guess/,
    );

    const changed = await t.app.inject({
      method: 'POST',
      url: '/auth/password',
      headers: user.headers,
      cookies: { parser_refresh: user.refresh_token },
      payload: { current_password: user.password, new_password: 'a much better secret' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await login(email, user.password)).statusCode).toBe(401);
    expect((await login(email, 'a much better secret')).statusCode).toBe(200);
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token: token } });
    expect((await refresh(user.refresh_token)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
  });
});

describe('GET /health', () => {
  it('reports the database as up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'up' });
  });
});

describe('GET /api/openapi.json', () => {
  it('documents the routes with their schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/auth/signup', '/auth/me', '/api/users/tenant', '/api/invites']),
    );
    expect(
      doc.paths['/auth/signup'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['email', 'password']);
    const docsPage = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docsPage.statusCode).toBe(200);
    expect(docsPage.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers unknown API routes with a 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});
