/**
 * Pipeline throughput: N one-page invoice PDFs uploaded through the API, one upload request
 * creating their pipelines, then the time until every pipeline has reached human review. Prints
 * documents per minute and the server's peak resident memory. In the embedded layout also, from the
 * moment the upload request has created the pipelines until all are in review: the latency of
 * `GET /health` and of the pending-review list, each requested every 50 ms, and the seconds until
 * the first, the 10th, half and all of the documents were in review (the dashboard's counts, read
 * every 100 ms).
 *
 *   npm run bench:throughput [-- --documents 200 --concurrency 4]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:throughput
 *
 * With `--workers 1,2`: the scale-out layout on PostgreSQL instead, one API process and that many
 * worker processes (compiled JavaScript, each on a fresh database created next to
 * THROUGHPUT_DATABASE_URL's and dropped after); prints documents per minute per worker count and
 * the ratio to one worker. `--worker-concurrency` sets each worker's WORKER_CONCURRENCY (default 1).
 *
 *   npm run bench:throughput -- --workers 1,2 --documents 200
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PRESETS } from '@parser/contracts';
import { invoicePdf } from '@parser/test-documents';
import pg from 'pg';

import { type LatencySummary, formatLatency, sampleLatency } from './latency-sampler.js';
import {
  type ParserProcess,
  startParserProcess,
  stopProcess,
} from '../apps/server/test-scale/processes.js';
import { startServer } from '../e2e/support/start-server.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const documentCount = Number(option('documents', '200'));
const uploadConcurrency = Number(option('concurrency', '4'));
const workerCounts = args.includes('--workers')
  ? option('workers', '1,2').split(',').map(Number)
  : undefined;
const workerConcurrency = option('worker-concurrency', '1');
const postgresBase =
  process.env.THROUGHPUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function json<T>(response: Response): Promise<T> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${body}`);
  return JSON.parse(body) as T;
}

/** Peak resident set size of a process in MB (Linux VmHWM). */
function peakRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function eachWithLimit<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

console.log(`generating ${documentCount} invoice PDFs…`);
const documents = await Promise.all(
  Array.from({ length: documentCount }, (_, n) =>
    invoicePdf({ invoiceNumber: `INV-${100_000 + n}`, poNumber: `PO-${n}` }),
  ),
);

/** How many documents in review make a milestone: the first, the 10th, half and all. */
const half = Math.ceil(documentCount / 2);
const milestones = [...new Set([1, Math.min(10, documentCount), half, documentCount])].sort(
  (a, b) => a - b,
);

interface Run {
  uploadSeconds: number;
  processingSeconds: number;
  totalSeconds: number;
  reachedReview: number;
  failed: number;
  /** With `measure`: counted from the moment the upload request answered. */
  measured?: {
    createSeconds: number;
    health: LatencySummary;
    list: LatencySummary;
    /** Seconds until that many documents were in review (absent: never reached). */
    inReview: Map<number, number>;
  };
}

/**
 * Signs up a company on `base`, uploads the documents and waits until all are in review. With
 * `measure`, samples the health and list latency meanwhile and reads the counts every 100 ms.
 */
async function runDocuments(base: string, measure = false): Promise<Run> {
  const email = `bench-${Date.now()}@example.com`;
  const tokens = await json<{ uid: string; access_token: string }>(
    await fetch(`${base}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Bench-password-42' }),
    }),
  );
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await json(await post('/auth/register', { uid: tokens.uid, email, tenant_name: 'Bench Ltd' }));
  const type = await json<{ id: string }>(
    await post('/api/doc-types', {
      name: 'Invoices',
      presetKey: 'invoice',
      fields: PRESETS.invoice.fields,
      tables: PRESETS.invoice.tables,
      agentsEnabled: { extract: true, data_entry: false, recon: false },
    }),
  );

  const started = performance.now();
  const fileIds: string[] = [];
  await eachWithLimit(
    documents.map((document, n) => ({ document, n })),
    uploadConcurrency,
    async ({ document, n }) => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(document.bytes)]), `invoice-${n}.pdf`);
      const uploaded = await json<{ fileId: string }>(
        await fetch(`${base}/api/files:upload`, { method: 'POST', headers, body: form }),
      );
      fileIds.push(uploaded.fileId);
    },
  );
  const uploadedAt = performance.now();
  await json(await post('/api/uploads', { docTypeId: type.id, files: fileIds }));
  const createdAt = performance.now();
  const samplers = measure
    ? {
        health: sampleLatency(`${base}/health`, {}, 50),
        list: sampleLatency(`${base}/api/pipelines/pending-review`, headers, 50),
      }
    : undefined;

  const inReview = new Map<number, number>();
  let stats = { pending_review: 0, failed: 0, processing: documentCount };
  while (stats.pending_review + stats.failed < documentCount) {
    await new Promise((resolve) => setTimeout(resolve, measure ? 100 : 250));
    stats = await json(await fetch(`${base}/api/pipelines/stats`, { headers }));
    for (const count of milestones) {
      if (stats.pending_review >= count && !inReview.has(count)) {
        inReview.set(count, (performance.now() - createdAt) / 1000);
      }
    }
  }
  const finished = performance.now();
  const measured = samplers && {
    createSeconds: (createdAt - uploadedAt) / 1000,
    health: await samplers.health.stop(),
    list: await samplers.list.stop(),
    inReview,
  };
  return {
    measured,
    uploadSeconds: (uploadedAt - started) / 1000,
    processingSeconds: (finished - uploadedAt) / 1000,
    totalSeconds: (finished - started) / 1000,
    reachedReview: stats.pending_review,
    failed: stats.failed,
  };
}

const perMinute = (seconds: number) => ((documentCount / seconds) * 60).toFixed(0);

if (!workerCounts) {
  const server = await startServer({
    env: {
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      AUTH_RATE_LIMIT_PER_IP: '1000',
    },
  });
  try {
    const run = await runDocuments(server.baseUrl, true);
    console.log(
      `\nPipeline throughput (${server.baseUrl}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    );
    console.log(`  documents                      ${documentCount}`);
    console.log(`  upload of the files            ${run.uploadSeconds.toFixed(1)} s`);
    console.log(`  upload request → all in review ${run.processingSeconds.toFixed(1)} s`);
    console.log(
      `  documents per minute           ${perMinute(run.processingSeconds)} (processing), ${perMinute(run.totalSeconds)} (including the upload)`,
    );
    console.log(`  reached review / failed        ${run.reachedReview} / ${run.failed}`);
    console.log(`  server peak RSS                ${peakRssMb(server.pid) ?? 'n/a'} MB`);
    const measured = run.measured!;
    console.log(
      `\nWhile processing (from the upload request's answer, ${measured.createSeconds.toFixed(1)} s after it was sent, until all in review)`,
    );
    console.log(
      `  GET /health every 50 ms        ${formatLatency(measured.health)} (target p99 < 100 ms)`,
    );
    console.log(`  GET pending-review every 50 ms ${formatLatency(measured.list)}`);
    const ordinal = (count: number) =>
      count === 1
        ? 'first'
        : count === documentCount
          ? 'last'
          : count === half
            ? `half (${count})`
            : `${count}th`;
    console.log(
      `  in review after               ${milestones
        .map((count) => {
          const seconds = measured.inReview.get(count);
          return `${ordinal(count)} ${seconds === undefined ? 'never' : `${seconds.toFixed(1)} s`}`;
        })
        .join(', ')}`,
    );
  } finally {
    await server.stop();
  }
} else {
  const admin = new pg.Client({ connectionString: postgresBase });
  await admin.connect();
  const rows: { workers: number; run: Run }[] = [];
  try {
    for (const workers of workerCounts) {
      const databaseName = `parser_throughput_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE "${databaseName}"`);
      const url = new URL(postgresBase);
      url.pathname = `/${databaseName}`;
      const dataDir = await mkdtemp(path.join(tmpdir(), 'parser-throughput-'));
      // One DATA_DIR for all: its files/ is the shared blob storage of this one-machine layout.
      const env = {
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        TOKEN_SIGNING_KEY: randomBytes(48).toString('base64url'),
        WORKER_CONCURRENCY: workerConcurrency,
        AUTH_RATE_LIMIT_PER_IP: '1000',
      };
      const processes: ParserProcess[] = [];
      try {
        processes.push(await startParserProcess('api', 'api', env));
        for (let n = 0; n < workers; n++) {
          processes.push(await startParserProcess('worker', `worker-${n + 1}`, env));
        }
        rows.push({ workers, run: await runDocuments(processes[0]!.baseUrl) });
      } finally {
        await Promise.all(processes.map((process) => stopProcess(process)));
        await rm(dataDir, { recursive: true, force: true });
        await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      }
    }
  } finally {
    await admin.end();
  }
  const baseline = rows[0]!.run.processingSeconds;
  console.log(
    `\nPipeline throughput, 1 API + N worker processes on PostgreSQL (WORKER_CONCURRENCY=${workerConcurrency} each, ${documentCount} documents)`,
  );
  console.log('  workers   documents/min   vs 1 worker   reached review / failed');
  for (const { workers, run } of rows) {
    console.log(
      `  ${String(workers).padStart(7)}   ${perMinute(run.processingSeconds).padStart(13)}   ${(baseline / run.processingSeconds).toFixed(2).padStart(10)}×   ${run.reachedReview} / ${run.failed}`,
    );
  }
}
