/**
 * Two API processes, A and B, on one PostgreSQL database with 100,000 pipelines, loaded in turns
 * (A then B, then B then A, …) with 50 connections: the lists' req/s and the server's CPU per
 * request, and B's req/s over A's per round. A change to the server's start-up (its node flags)
 * is judged against itself in the same minutes, not against another run on a machine whose speed
 * drifts more between runs than most changes move the figures.
 *
 *   npm run bench:latency-ab -- --b "--max-semi-space-size=16" [--a "<flags>"] [--rounds 4]
 *     [--seconds 8] [--pipelines 100000] [--migrated-by a|none]
 *
 * Each process gets `npm run start:api`'s node flags unless --a / --b give its own. With
 * --migrated-by a (the default) process A creates the schema, as the first API process of a new
 * deployment does; with none the bench does, before either starts.
 *
 *   LATENCY_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (a database of its own is
 *   created next to it and dropped after)
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { sql } from 'kysely';
import pg from 'pg';

import { openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import {
  type ParserProcess,
  startParserProcess,
  stopProcess,
} from '../apps/server/test-scale/processes.js';
import { productionNodeFlags } from '../e2e/support/start-server.js';

import { load, logIn, type Measured, median, signUpCompany } from './latency-load.js';
import { seedPipelines } from './seed-large-tenant.js';

const { values: options } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '8' },
    pipelines: { type: 'string', default: '100000' },
    'migrated-by': { type: 'string', default: 'a' },
  },
});
const flagsOf = (given: string | undefined) =>
  given === undefined ? productionNodeFlags('start:api') : given.split(/\s+/).filter(Boolean);
const flags = { A: flagsOf(options.a), B: flagsOf(options.b) };
const rounds = Number(options.rounds);
const loadOptions = { connections: 50, seconds: Number(options.seconds), warmupSeconds: 2 };
const endpoints = ['/api/pipelines/pending-review?limit=50', '/api/documents/?limit=50'];

const postgresBase = process.env.LATENCY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const admin = new pg.Client({ connectionString: postgresBase });
await admin.connect();
const databaseName = `parser_latency_ab_${randomBytes(4).toString('hex')}`;
await admin.query(`CREATE DATABASE "${databaseName}"`);
const databaseUrl = Object.assign(new URL(postgresBase), { pathname: `/${databaseName}` }).href;
const dataDir = await mkdtemp(path.join(tmpdir(), 'parser-latency-ab-'));
const started: ParserProcess[] = [];

try {
  if (options['migrated-by'] === 'none') {
    const database = await openDatabase({ url: databaseUrl });
    await migrate(database.db);
    await database.close();
  }
  const env = {
    DATABASE_URL: databaseUrl,
    TOKEN_SIGNING_KEY: randomBytes(48).toString('base64url'),
    ACCESS_TOKEN_TTL_SECONDS: '7200',
    AUTH_RATE_LIMIT_PER_IP: '1000',
  };
  const start = async (name: 'A' | 'B') => {
    const server = await startParserProcess(
      'api',
      name,
      { ...env, DATA_DIR: path.join(dataDir, name) },
      flags[name],
    );
    started.push(server);
    return server;
  };
  // A starts alone, so with --migrated-by a it is the one that creates the schema.
  const servers = { A: await start('A'), B: await start('B') };
  const company = await signUpCompany(servers.A.baseUrl);
  const database = await openDatabase({ url: databaseUrl });
  await seedPipelines(database.db, { ...company, count: Number(options.pipelines) });
  await sql`VACUUM ANALYZE`.execute(database.db);
  await database.close();
  const headers = await logIn(servers.A.baseUrl, company);

  console.log(
    `A: node ${flags.A.join(' ') || '(no flags)'}; B: node ${flags.B.join(' ') || '(no flags)'}; ` +
      `schema created by ${options['migrated-by'] === 'none' ? 'the bench' : 'A'}; ` +
      `${options.pipelines} pipelines, 50 connections, ${options.seconds} s per turn`,
  );
  const measured: Record<string, { A: Measured[]; B: Measured[]; ratios: number[] }> = {};
  for (let round = 1; round <= rounds; round++) {
    for (const endpoint of endpoints) {
      const turns: ('A' | 'B')[] = round % 2 ? ['A', 'B'] : ['B', 'A'];
      const row: Partial<Record<'A' | 'B', Measured>> = {};
      for (const name of turns) {
        const server = servers[name];
        row[name] = await load(
          loadOptions,
          name,
          `${server.baseUrl}${endpoint}`,
          headers,
          server.child.pid,
        );
      }
      const entry = (measured[endpoint] ??= { A: [], B: [], ratios: [] });
      entry.A.push(row.A!);
      entry.B.push(row.B!);
      entry.ratios.push(row.B!.requests / row.A!.requests);
      const describe = (m: Measured) =>
        `${m.requests.toFixed(0)} req/s, p99 ${m.p99} ms, ${m.cpuMsPerRequest?.toFixed(3) ?? '?'} ms CPU/req` +
        (m.failed ? ` (${m.failed} failed)` : '');
      console.log(
        `  round ${round} ${endpoint}: A ${describe(row.A!)}; B ${describe(row.B!)}; B/A ${(row.B!.requests / row.A!.requests).toFixed(3)}`,
      );
    }
  }
  console.log(
    '\n  endpoint                                    A req/s   B req/s   median B/A   A CPU/req   B CPU/req',
  );
  for (const [endpoint, { A, B, ratios }] of Object.entries(measured)) {
    const requests = (rows: Measured[]) => median(rows, (m) => m.requests).requests.toFixed(0);
    const cpu = (rows: Measured[]) =>
      median(rows, (m) => m.cpuMsPerRequest ?? 0).cpuMsPerRequest?.toFixed(3) ?? '?';
    console.log(
      `  ${endpoint.padEnd(42)} ${requests(A).padStart(8)}  ${requests(B).padStart(8)}  ${median(
        ratios,
        (r) => r,
      )
        .toFixed(3)
        .padStart(11)}  ${cpu(A).padStart(10)}  ${cpu(B).padStart(10)}`,
    );
  }
} finally {
  await Promise.all(started.map((server) => stopProcess(server, 5_000)));
  await rm(dataDir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await admin.end();
}
