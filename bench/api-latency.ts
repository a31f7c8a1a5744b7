/**
 * List and dashboard latency with a large tenant: seeds 100,000 pipelines (each with its own file
 * row) for one company, then loads the pending-review, stats, pending-summary and documents
 * endpoints with concurrent clients and prints p50/p99 latency and requests per second.
 *
 *   npm run bench:latency [-- --pipelines 100000 --connections 10 --seconds 10]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:latency
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import { sql } from 'kysely';

import { openDatabase } from '../apps/server/src/db/client.js';
import { startServer } from '../e2e/support/start-server.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? Number(args[index + 1]) : fallback;
};
const pipelineCount = option('pipelines', 100_000);
const connections = option('connections', 10);
const seconds = option('seconds', 10);
const databaseUrl = process.env.DATABASE_URL;

async function json<T>(response: Response): Promise<T> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${body}`);
  return JSON.parse(body) as T;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'parser-bench-'));
const env = {
  AUTH_RATE_LIMIT_PER_IP: '1000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};

// 1. A company with one document type, through the API (the server owns password hashing).
const email = `latency-${Date.now()}@example.com`;
const password = 'Bench-password-42';
let tenantId: string;
let docTypeId: string;
{
  const server = await startServer({ dataDir, env });
  try {
    const base = server.baseUrl;
    const tokens = await json<{ uid: string; access_token: string }>(
      await fetch(`${base}/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }),
    );
    const headers = {
      authorization: `Bearer ${tokens.access_token}`,
      'content-type': 'application/json',
    };
    const me = await json<{ tenantId: string }>(
      await fetch(`${base}/auth/register`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ uid: tokens.uid, email, tenant_name: 'Big Co' }),
      }),
    );
    tenantId = me.tenantId;
    const type = await json<{ id: string }>(
      await fetch(`${base}/api/doc-types`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: 'Invoices',
          fields: [{ key: 'total', label: 'Total', type: 'currency', required: true }],
          tables: [],
        }),
      }),
    );
    docTypeId = type.id;
  } finally {
    await server.stop();
  }
}

// 2. Seed the pipelines straight into the database, in one statement per table.
{
  const seedStarted = performance.now();
  const database = await openDatabase({ url: databaseUrl ?? path.join(dataDir, 'pgdata') });
  try {
    await sql`
      INSERT INTO files (id, tenant_id, storage_key, original_filename, content_type, format,
                         size_bytes, sha256, pages, created_at)
      SELECT md5('file' || n)::uuid, ${tenantId}, 'bench/' || n, 'invoice-' || n || '.pdf',
             'application/pdf', 'pdf', 12345, md5(n::text), 1,
             now() - (n || ' seconds')::interval
      FROM generate_series(1, ${pipelineCount}) AS n`.execute(database.db);
    // Most documents are done; a few thousand wait for review or approval, as in a busy company.
    await sql`
      INSERT INTO pipelines (tenant_id, doc_type_id, file_id, original_filename, current_step,
                             created_at, updated_at)
      SELECT ${tenantId}, ${docTypeId}, md5('file' || n)::uuid, 'invoice-' || n || '.pdf',
             CASE WHEN n % 50 = 0 THEN 'approval'
                  WHEN n % 20 = 0 THEN 'human_review'
                  WHEN n % 97 = 0 THEN 'failed'
                  ELSE 'completed' END,
             now() - (n || ' seconds')::interval, now()
      FROM generate_series(1, ${pipelineCount}) AS n`.execute(database.db);
    await sql`ANALYZE`.execute(database.db);
  } finally {
    await database.close();
  }
  console.log(
    `seeded ${pipelineCount} pipelines in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
}

// 3. Load the list endpoints.
const server = await startServer({ dataDir, env });
try {
  const base = server.baseUrl;
  const login = await json<{ access_token: string }>(
    await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
  const endpoints = [
    '/api/pipelines/pending-review?limit=50',
    '/api/pipelines/pending-approval?limit=50',
    '/api/pipelines/stats',
    '/api/pipelines/pending-summary',
    '/api/documents/?limit=50',
    '/api/documents/?limit=50&q=invoice-9999',
  ];
  console.log(
    `\nLatency with ${pipelineCount} pipelines (${databaseUrl ? 'PostgreSQL' : 'PGlite'}), ` +
      `${connections} concurrent connections, ${seconds} s per endpoint`,
  );
  console.log('  endpoint                                        p50 ms   p99 ms   req/s');
  for (const endpoint of endpoints) {
    const result = await autocannon({
      url: `${base}${endpoint}`,
      connections,
      duration: seconds,
      headers: { authorization: `Bearer ${login.access_token}` },
    });
    const failed = result.non2xx + result.errors;
    console.log(
      `  ${endpoint.padEnd(46)} ${String(result.latency.p50).padStart(7)}  ${String(result.latency.p99).padStart(7)}  ${result.requests.average.toFixed(0).padStart(6)}` +
        (failed ? `   (${failed} failed)` : ''),
    );
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
