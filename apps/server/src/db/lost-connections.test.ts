import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { registerErrorHandler } from '../plugins/error-handler.js';

import { openDatabase } from './client.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** Ends a session as a database restart or an administrator does. */
async function terminate(pid: number) {
  const admin = await openDatabase({ url: postgresUrl! });
  try {
    await sql`SELECT pg_terminate_backend(${pid})`.execute(admin.db);
  } finally {
    await admin.close();
  }
}

const backendPid = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
  (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(database.db)).rows[0]!.pid;

describe.skipIf(!postgresUrl)('a PostgreSQL connection the server ends', () => {
  it('while idle is reported, and the next query runs on a new connection instead of ending the process', async () => {
    const database = await openDatabase({ url: postgresUrl! });
    const lost: Error[] = [];
    database.reportLostConnections((error) => lost.push(error));
    try {
      const pid = await backendPid(database);
      await terminate(pid);
      await expect.poll(() => lost.length, { timeout: 10_000 }).toBe(1);
      expect(lost[0]!.message).toMatch(/terminat/i);
      expect(await backendPid(database)).not.toBe(pid);
    } finally {
      await database.close();
    }
  });

  it('during a request answers 503 with Retry-After, not a server fault', async () => {
    const database = await openDatabase({ url: postgresUrl! });
    database.reportLostConnections(() => undefined);
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/slow', async () => {
      await sql`SELECT pg_sleep(5)`.execute(database.db);
      return { ok: true };
    });
    try {
      const pid = await backendPid(database);
      const answer = app.inject({ method: 'GET', url: '/slow' });
      // The pool has one idle connection, so the request's query runs on that backend.
      await expect
        .poll(async () => {
          const admin = await openDatabase({ url: postgresUrl! });
          try {
            const active = await sql<{ state: string | null }>`
              SELECT state FROM pg_stat_activity WHERE pid = ${pid}`.execute(admin.db);
            return active.rows[0]?.state;
          } finally {
            await admin.close();
          }
        })
        .toBe('active');
      await terminate(pid);
      const response = await answer;
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('is told apart from a statement that is simply wrong', async () => {
    const database = await openDatabase({ url: postgresUrl! });
    try {
      const wrong = await sql`SELECT * FROM no_such_table`.execute(database.db).catch((e) => e);
      expect(isDatabaseUnavailable(wrong)).toBe(false);
      const refused = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/test' });
      const unreachable = await sql`SELECT 1`.execute(refused.db).catch((e: unknown) => e);
      await refused.close();
      expect(isDatabaseUnavailable(unreachable)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
