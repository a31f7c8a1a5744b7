import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

import { bearer } from './build-test-app.js';
import { company } from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

const TTL_SECONDS = 60;

const t = testAppPerFile({ ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS) });
let userId: string;
beforeAll(async () => {
  userId = (await company(t.app)).uid;
});

const now = () => Math.floor(Date.now() / 1000);

/** An access token signed with the server's own key, with the given `iat` and `exp`. */
function signed(claims: { iat?: number; exp?: number }): Promise<string> {
  let jwt = new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer('parser')
    .setAudience('parser-api');
  if (claims.iat !== undefined) jwt = jwt.setIssuedAt(claims.iat);
  if (claims.exp !== undefined) jwt = jwt.setExpirationTime(claims.exp);
  return jwt.sign(t.tokenSigningKey);
}

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });

describe('a correctly signed access token', () => {
  it('is accepted when it lives as long as the configured TTL', async () => {
    const response = await me(await signed({ iat: now(), exp: now() + TTL_SECONDS }));
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['without exp', () => ({ iat: now() })],
    ['without iat', () => ({ exp: now() + TTL_SECONDS })],
    ['that expires in ten years', () => ({ iat: now(), exp: now() + 10 * 365 * 24 * 3600 })],
    ['that lives longer than the TTL', () => ({ iat: now(), exp: now() + TTL_SECONDS * 15 })],
    ['issued longer ago than the TTL', () => ({ iat: now() - 3600, exp: now() + 30 })],
    ['issued in the future', () => ({ iat: now() + 3600, exp: now() + 3600 + TTL_SECONDS })],
  ])('is refused with 401 %s', async (_case, claims) => {
    const response = await me(await signed(claims()));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      detail: expect.stringMatching(/^(Invalid access token|Access token expired)$/) as unknown,
    });
  });
});
