/**
 * Pipeline throughput: N one-page invoice PDFs uploaded through the API of a freshly started
 * server, one upload request creating their pipelines, then the time until every pipeline has
 * reached human review. Prints documents per minute and the server's peak resident memory.
 *
 *   npm run bench:throughput [-- --documents 200 --concurrency 4]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:throughput
 */
import { readFileSync } from 'node:fs';

import { PRESETS } from '@parser/contracts';
import { invoicePdf } from '@parser/test-documents';

import { startServer } from '../e2e/support/start-server.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? Number(args[index + 1]) : fallback;
};
const documentCount = option('documents', 200);
const uploadConcurrency = option('concurrency', 4);

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

const server = await startServer({
  env: {
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    AUTH_RATE_LIMIT_PER_IP: '1000',
  },
});
try {
  const base = server.baseUrl;
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

  console.log(`generating ${documentCount} invoice PDFs…`);
  const documents = await Promise.all(
    Array.from({ length: documentCount }, (_, n) =>
      invoicePdf({ invoiceNumber: `INV-${100_000 + n}`, poNumber: `PO-${n}` }),
    ),
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

  let stats = { pending_review: 0, failed: 0, processing: documentCount };
  while (stats.pending_review + stats.failed < documentCount) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    stats = await json(await fetch(`${base}/api/pipelines/stats`, { headers }));
  }
  const finished = performance.now();

  const processingSeconds = (finished - uploadedAt) / 1000;
  const totalSeconds = (finished - started) / 1000;
  console.log(
    `\nPipeline throughput (${server.baseUrl}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
  );
  console.log(`  documents                      ${documentCount}`);
  console.log(`  upload of the files            ${((uploadedAt - started) / 1000).toFixed(1)} s`);
  console.log(`  upload request → all in review ${processingSeconds.toFixed(1)} s`);
  console.log(
    `  documents per minute           ${((documentCount / processingSeconds) * 60).toFixed(0)} (processing), ${((documentCount / totalSeconds) * 60).toFixed(0)} (including the upload)`,
  );
  console.log(`  reached review / failed        ${stats.pending_review} / ${stats.failed}`);
  console.log(`  server peak RSS                ${peakRssMb(server.pid) ?? 'n/a'} MB`);
} finally {
  await server.stop();
}
