/**
 * List latency with a large tenant, next to the framework's own speed: for each database (the
 * embedded PGlite and PostgreSQL), seeds 100,000 pipelines (each with its own file row) for one
 * company, starts the compiled server as production runs it (plain node), has it serve another
 * company's sign-up and setup, and loads the pending-review list, the documents list and a
 * name search with 50 connections; a bare Fastify route answering a fixed 50-row page is loaded
 * before every round of the endpoints, and each database's figures are compared with the bare
 * route's median round among those loaded before its own rounds (the same minutes). Prints req/s,
 * p50/p99 and the share of the bare route's req/s, with the targets.
 *
 *   npm run bench:latency [-- --pipelines 100000 --connections 50 --seconds 10 --warmup 2 --rounds 1 --databases pglite,postgres]
 *
 * With --rounds N every endpoint is loaded N times, the endpoints taking turns, and the round
 * with the median req/s is reported (for the bare route, the median of its rounds in that
 * database's turn): on a shared machine one 10-second window can land on someone else's burst of
 * work.
 *   LATENCY_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:latency
 *
 * PostgreSQL: a database of its own is created next to LATENCY_DATABASE_URL's and dropped after.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { sql } from 'kysely';
import pg from 'pg';

import { openDatabase } from '../apps/server/src/db/client.js';

import { load as loadWith, logIn, type Measured, median, signUpCompany } from './latency-load.js';
import { seedPipelines } from './seed-large-tenant.js';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
// The server runs as production runs it: compiled JavaScript (npm run build builds it).
process.env.E2E_SERVER_ENTRY ??= path.join(benchDir, '../apps/server/dist/server.js');
const { startServer } = await import('../e2e/support/start-server.js');

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const pipelineCount = Number(option('pipelines', '100000'));
const connections = Number(option('connections', '50'));
const seconds = Number(option('seconds', '10'));
/** Unmeasured load first, on every endpoint alike (the bare route too): JIT and caches warm up. */
const warmupSeconds = Number(option('warmup', '2'));
const rounds = Math.max(1, Number(option('rounds', '1')));
const loadOptions = { connections, seconds, warmupSeconds };
const load = (label: string, url: string, headers?: Record<string, string>, serverPid?: number) =>
  loadWith(loadOptions, label, url, headers, serverPid);
const medianRound = (measured: readonly Measured[]) => median(measured, (row) => row.requests);
const databases = option('databases', 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const postgresBase = process.env.LATENCY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Targets of the list endpoints: share of the bare route's req/s and p99. */
const TARGETS = {
  postgres: { share: 0.25, p99: 50 },
  pglite: { share: 0.1, p99: 100 },
  search: { p99: 100 },
};

/** The bare Fastify route, in a process of its own like the server, kept up for the whole run. */
async function startBare() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx/esm', path.join(benchDir, 'bare-fastify-server.ts')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', () => reject(new Error('the bare Fastify server exited')));
  });
  return {
    measure: () =>
      load('bare Fastify route (fixed 50 rows)', `http://127.0.0.1:${port}/bare`, {}, child.pid),
    stop: () => child.kill('SIGTERM'),
  };
}
type BareRoute = Awaited<ReturnType<typeof startBare>>;

/** One database's figures and the bare route's, measured in the same minutes. */
interface Phase {
  /** The bare route's median round among those loaded before this database's rounds. */
  reference: Measured;
  rows: Measured[];
}

async function measureParser(kind: 'pglite' | 'postgres', bare: BareRoute): Promise<Phase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parser-bench-'));
  let databaseUrl: string | undefined;
  const admin = kind === 'postgres' ? new pg.Client({ connectionString: postgresBase }) : undefined;
  const databaseName = `parser_latency_${randomBytes(4).toString('hex')}`;
  if (admin) {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${databaseName}"`);
    const url = new URL(postgresBase);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const env = {
    AUTH_RATE_LIMIT_PER_IP: '1000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  try {
    let company: Awaited<ReturnType<typeof signUpCompany>>;
    {
      const server = await startServer({ dataDir, env });
      try {
        company = await signUpCompany(server.baseUrl);
      } finally {
        await server.stop();
      }
    }
    const seedStarted = performance.now();
    const database = await openDatabase({ url: databaseUrl ?? path.join(dataDir, 'pgdata') });
    try {
      await seedPipelines(database.db, { ...company, count: pipelineCount });
      // As autovacuum leaves the tables of a database that grew over months: statistics and the
      // visibility map both current (a bulk load leaves every page unmarked until it runs).
      await sql`VACUUM ANALYZE`.execute(database.db);
    } finally {
      await database.close();
    }
    console.log(
      `  ${kind}: seeded ${pipelineCount} pipelines in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const server = await startServer({ dataDir, env });
    try {
      const base = server.baseUrl;
      // A long-running process has served other work before the lists: another company signs up,
      // registers and creates its type here, so the figures are not those of an untouched process.
      await signUpCompany(base);
      const headers = await logIn(base, company);
      const endpoints = [
        '/api/pipelines/pending-review?limit=50',
        '/api/documents/?limit=50',
        '/api/documents/?limit=50&q=invoice-9999',
      ];
      const byEndpoint = endpoints.map((): Measured[] => []);
      const bareRounds: Measured[] = [];
      for (let round = 0; round < rounds; round++) {
        // The reference in the same minutes as the endpoints: the machine's speed drifts, also
        // between one database's rounds and the other's.
        const reference = await bare.measure();
        bareRounds.push(reference);
        if (rounds > 1) {
          console.log(
            `    round ${round + 1}: ${reference.label} ${reference.requests.toFixed(0)} req/s, p99 ${reference.p99} ms`,
          );
        }
        for (const [index, endpoint] of endpoints.entries()) {
          const row = await load(`${kind} ${endpoint}`, `${base}${endpoint}`, headers, server.pid);
          if (rounds > 1) {
            console.log(
              `    round ${round + 1}: ${row.label} ${row.requests.toFixed(0)} req/s, p99 ${row.p99} ms`,
            );
          }
          byEndpoint[index]!.push(row);
        }
      }
      const reference = medianRound(bareRounds);
      return {
        reference: { ...reference, label: `bare Fastify route (fixed 50 rows), ${kind} rounds` },
        rows: byEndpoint.map(medianRound),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await admin.end();
    }
  }
}

console.log(
  `List latency: ${pipelineCount} pipelines, ${connections} connections, ${seconds} s per endpoint after ${warmupSeconds} s of warm-up`,
);
const bareRoute = await startBare();
const phases: Phase[] = [];
try {
  for (const kind of databases) phases.push(await measureParser(kind, bareRoute));
} finally {
  bareRoute.stop();
}

const verdict = (row: Measured, bare: Measured) => {
  const kind = row.label.startsWith('postgres') ? 'postgres' : 'pglite';
  const isSearch = row.label.includes('q=');
  const share = row.requests / bare.requests;
  const target = isSearch
    ? `p99 ≤ ${TARGETS.search.p99} ms`
    : `≥ ${TARGETS[kind].share * 100}%, p99 ≤ ${TARGETS[kind].p99} ms`;
  const met = isSearch
    ? row.p99 <= TARGETS.search.p99
    : share >= TARGETS[kind].share && row.p99 <= TARGETS[kind].p99;
  return `${target.padEnd(24)} ${met ? 'met' : 'MISSED'}`;
};

console.log(
  '\n  endpoint                                                  req/s   p50 ms   p99 ms   of bare   CPU ms/req   target',
);
const print = (row: Measured, bare: Measured, target: string) =>
  console.log(
    `  ${row.label.padEnd(55)} ${row.requests.toFixed(0).padStart(7)}  ${String(row.p50).padStart(7)}  ${String(row.p99).padStart(7)}  ${((row.requests / bare.requests) * 100).toFixed(0).padStart(6)}%   ${(row.cpuMsPerRequest?.toFixed(2) ?? '?').padStart(10)}   ${target}` +
      (row.failed ? `   (${row.failed} failed)` : ''),
  );
for (const { reference, rows } of phases) {
  print(reference, reference, '');
  for (const row of rows) print(row, reference, verdict(row, reference));
}
