/**
 * Scale-out: two API processes and two worker processes (compiled JavaScript) on one PostgreSQL
 * database and an S3-compatible bucket, all on loopback. 300 generated invoices are uploaded
 * through both APIs; one worker is killed with SIGKILL while it holds a job. Every pipeline must
 * reach review exactly once, and every file must read back whole through either API.
 *
 * Needs PostgreSQL on 127.0.0.1:5432 (trust auth, user postgres, database `test`; override with
 * SCALE_DATABASE_URL); creates and drops a database of its own.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { PRESETS } from '@parser/contracts';
import { invoicePdf } from '@parser/test-documents';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type LocalS3, startLocalS3 } from '../test/support/local-s3.js';

import { type ParserProcess, startParserProcess, stopProcess } from './processes.js';

const DOCUMENTS = 300;
const baseUrl = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const databaseName = `parser_scale_${randomBytes(4).toString('hex')}`;

let admin: pg.Client;
let db: pg.Pool;
let s3: LocalS3;
let dataDir: string;
const apis: ParserProcess[] = [];
const workers: ParserProcess[] = [];

beforeAll(async () => {
  admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${databaseName}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  db = new pg.Pool({ connectionString: url.toString(), max: 2 });
  db.on('error', () => undefined);
  s3 = await startLocalS3();
  dataDir = await mkdtemp(path.join(tmpdir(), 'parser-scale-'));
  const env = {
    DATABASE_URL: url.toString(),
    ...s3.env,
    // Every API process must sign and accept the same tokens.
    TOKEN_SIGNING_KEY: randomBytes(48).toString('base64url'),
    // A killed worker's job is taken over after this; short, so the test does not wait a minute.
    JOB_LEASE_SECONDS: '4',
    WORKER_CONCURRENCY: '2',
    AUTH_RATE_LIMIT_PER_IP: '1000',
    UPLOAD_RATE_LIMIT_PER_COMPANY: '100000',
    UPLOAD_RATE_LIMIT_PER_IP: '100000',
  };
  // Separate data directories: the processes share nothing but the database and the bucket.
  const start = (role: 'api' | 'worker', name: string) =>
    startParserProcess(role, name, { ...env, DATA_DIR: path.join(dataDir, name) });
  // All four start (and run migrations) at the same time, as a deployment would.
  const started = await Promise.all([
    start('api', 'api-1'),
    start('api', 'api-2'),
    start('worker', 'worker-1'),
    start('worker', 'worker-2'),
  ]);
  apis.push(started[0], started[1]);
  workers.push(started[2], started[3]);
});

afterAll(async () => {
  await Promise.all([...apis, ...workers].map((process) => stopProcess(process)));
  await db?.end();
  await s3?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await admin?.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await admin?.end();
});

async function json<T>(response: Response): Promise<T> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${body}`);
  return JSON.parse(body) as T;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachWithLimit<T>(
  items: T[],
  limit: number,
  work: (item: T, n: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const n = next++;
        await work(items[n]!, n);
      }
    }),
  );
}

const logsOf = () =>
  [...apis, ...workers].map((process) => `--- ${process.name}\n${process.output()}`).join('\n');

describe('two API and two worker processes on PostgreSQL and S3', () => {
  it('takes 300 documents to review exactly once each, though a worker is killed midway', async () => {
    const [api1, api2] = apis as [ParserProcess, ParserProcess];
    const [victim, survivor] = workers as [ParserProcess, ParserProcess];

    // A company, signed up on one API and used on both.
    const email = `scale-${Date.now()}@example.com`;
    const tokens = await json<{ uid: string; access_token: string }>(
      await fetch(`${api1.baseUrl}/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Scale-password-42' }),
      }),
    );
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const postJson = (base: string, url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await json(
      await postJson(api2.baseUrl, '/auth/register', {
        uid: tokens.uid,
        email,
        tenant_name: 'Scale Ltd',
      }),
    );
    const type = await json<{ id: string }>(
      await postJson(api1.baseUrl, '/api/doc-types', {
        name: 'Invoices',
        presetKey: 'invoice',
        fields: PRESETS.invoice.fields,
        tables: PRESETS.invoice.tables,
        agentsEnabled: { extract: true, data_entry: false, recon: false },
      }),
    );

    // 300 digital invoices, uploaded alternately through the two APIs.
    const documents = await Promise.all(
      Array.from({ length: DOCUMENTS }, (_, n) =>
        invoicePdf({ invoiceNumber: `INV-${200_000 + n}`, poNumber: `PO-${n}` }),
      ),
    );
    const fileIds: string[] = new Array(DOCUMENTS);
    await eachWithLimit(documents, 6, async (document, n) => {
      const api = n % 2 === 0 ? api1 : api2;
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(document.bytes)]), `invoice-${n}.pdf`);
      const uploaded = await json<{ fileId: string }>(
        await fetch(`${api.baseUrl}/api/files:upload`, { method: 'POST', headers, body: form }),
      );
      fileIds[n] = uploaded.fileId;
    });

    // Pipelines created in batches, again through both APIs.
    const pipelineIds: string[] = [];
    for (let batch = 0; batch < DOCUMENTS / 50; batch++) {
      const api = batch % 2 === 0 ? api1 : api2;
      const created = await json<{ pipeline_ids: string[] }>(
        await postJson(api.baseUrl, '/api/uploads', {
          docTypeId: type.id,
          files: fileIds.slice(batch * 50, batch * 50 + 50),
        }),
      );
      pipelineIds.push(...created.pipeline_ids);
    }
    expect(new Set(pipelineIds).size).toBe(DOCUMENTS);

    // Midway, kill a worker while it holds an extraction.
    const victimPid = victim.child.pid!;
    let heldJobId: number | undefined;
    const killDeadline = Date.now() + 120_000;
    while (heldJobId === undefined && Date.now() < killDeadline) {
      const held = await db.query<{ id: string }>(
        `SELECT id FROM jobs WHERE status = 'running' AND name = 'pipeline.extract'
           AND locked_by LIKE $1 LIMIT 1`,
        [`%:${victimPid}:%`],
      );
      if (held.rows[0]) heldJobId = Number(held.rows[0].id);
      else await sleep(20);
    }
    expect(heldJobId, logsOf()).toBeDefined();
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toBe('SIGKILL');

    // The rest is done by the survivor, including the job the killed worker held.
    const stats = async () =>
      json<{ pending_review: number; processing: number; failed: number }>(
        await fetch(`${api2.baseUrl}/api/pipelines/stats`, { headers }),
      );
    const doneDeadline = Date.now() + 10 * 60_000;
    let current = await stats();
    while (current.pending_review + current.failed < DOCUMENTS && Date.now() < doneDeadline) {
      await sleep(500);
      current = await stats();
    }
    expect(current, logsOf()).toMatchObject({
      pending_review: DOCUMENTS,
      failed: 0,
      processing: 0,
    });

    const held = await db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM jobs WHERE id = $1',
      [heldJobId],
    );
    expect(held.rows[0]).toMatchObject({ status: 'succeeded' });
    expect(held.rows[0]!.attempts).toBeGreaterThanOrEqual(2);

    // Exactly once: one pipeline per file, each moved into review by one step change.
    const steps = await db.query<{ pipeline_id: string; reached: number }>(
      `SELECT p.id AS pipeline_id, p.current_step,
              (SELECT count(*) FROM pipeline_events e
                WHERE e.pipeline_id = p.id AND e.kind = 'step_changed'
                  AND e.data ->> 'to' = 'human_review')::int AS reached
       FROM pipelines p`,
    );
    expect(steps.rows).toHaveLength(DOCUMENTS);
    expect(steps.rows.filter((row) => row.reached !== 1)).toEqual([]);
    expect(new Set(steps.rows.map((row) => row.pipeline_id))).toEqual(new Set(pipelineIds));

    // The queue has no dead letters, and nothing is left queued or running.
    const queue = await db.query<{ status: string; count: number }>(
      `SELECT status, count(*)::int AS count FROM jobs GROUP BY status`,
    );
    expect(queue.rows.filter((row) => row.status !== 'succeeded')).toEqual([]);

    // Every file reads back whole through either API, from the bucket.
    await eachWithLimit(documents, 8, async (document, n) => {
      for (const api of [api1, api2]) {
        const response = await fetch(`${api.baseUrl}/api/files/${fileIds[n]}/view`, { headers });
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(document.bytes))).toBe(
          true,
        );
      }
    });

    // Metrics of the API and of the surviving worker.
    const apiMetrics = await (await fetch(`${api1.baseUrl}/metrics`)).text();
    expect(apiMetrics).toMatch(/parser_http_request_duration_seconds_count\{role="api"/);
    const workerMetrics = await (await fetch(`${survivor.baseUrl}/metrics`)).text();
    expect(workerMetrics).toMatch(
      /parser_extraction_page_seconds_count\{role="worker",method="text_layer"\} [1-9]/,
    );
  });

  it('lets a worker finish on SIGTERM and exit cleanly', async () => {
    const survivor = workers[1]!;
    await stopProcess(survivor, 60_000);
    expect(await survivor.exited).toBe(0);
  });
});
