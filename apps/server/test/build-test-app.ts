import { randomBytes } from 'node:crypto';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';

import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: an in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * schema of that PostgreSQL database that is dropped afterwards.
 */
export async function buildTestApp(
  overrides: Partial<Record<keyof Config, string>> = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/parser-test-unused',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const schema = postgresUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const handle = await openDatabase({ url: postgresUrl ?? 'memory://', schema });
  await migrate(handle.db);
  const app = await buildApp({
    config,
    db: handle.db,
    tokenSigningKey: randomBytes(32),
    logger: false,
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    async close() {
      await app.close();
      if (schema) await sql.raw(`DROP SCHEMA "${schema}" CASCADE`).execute(handle.db);
      await handle.close();
    },
  };
}

/** A user with a company, signed in, as the sign-up screen makes one. */
export async function signUpWithTenant(
  app: FastifyInstance,
  email: string,
  tenantName = 'Acme Ltd',
) {
  const password = 'correct horse battery';
  const signup = await app.inject({
    method: 'POST',
    url: '/auth/signup',
    payload: { email, password },
  });
  const tokens = signup.json<{ uid: string; access_token: string; refresh_token: string }>();
  const register = await app.inject({
    method: 'POST',
    url: '/auth/register',
    headers: bearer(tokens.access_token),
    payload: { uid: tokens.uid, email, tenant_name: tenantName },
  });
  const me = register.json<{ tenantId: string }>();
  return { ...tokens, password, tenantId: me.tenantId, headers: bearer(tokens.access_token) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);
