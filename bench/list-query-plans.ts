/**
 * Query plans of the list and count endpoints with a large tenant: seeds 100,000 and then
 * 1,000,000 pipelines into a fresh PostgreSQL database (created and dropped here), runs each
 * list query as the endpoints run it, and prints EXPLAIN ANALYZE's plan and time. A plan that
 * reads far more rows than the page it answers shows here first.
 *
 *   npm run bench:plans [-- --sizes 100000,1000000 --verbose]
 *   PLANS_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:plans
 */
import { randomBytes } from 'node:crypto';

import { CamelCasePlugin, type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';

import { migrate } from '../apps/server/src/db/migrate.js';
import type { DB } from '../apps/server/src/db/schema.js';
import { DocumentsRepository } from '../apps/server/src/modules/documents/documents.repository.js';
import { PipelinesRepository } from '../apps/server/src/modules/pipelines/pipelines.repository.js';

import { seedPipelines, seedTenant } from './seed-large-tenant.js';

const args = process.argv.slice(2);
const valueOf = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const sizes = (valueOf('sizes') ?? '100000,1000000').split(',').map(Number);
const verbose = args.includes('--verbose');
const baseUrl = process.env.PLANS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const databaseName = `parser_plans_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${databaseName}"`);
const url = new URL(baseUrl);
url.pathname = `/${databaseName}`;

// Every query the repositories run is captured, then explained with its parameters.
let captured: CompiledQuery[] = [];
const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
// DROP DATABASE … WITH (FORCE) at the end ends connections the pool may still be closing.
pool.on('error', () => undefined);
const db = new Kysely<DB>({
  dialect: new PostgresDialect({ pool }),
  plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
  log(event) {
    if (event.level === 'query') captured.push(event.query);
  },
});

try {
  await migrate(db);
  const big = await seedTenant(db, 'Big Co');
  const neighbour = await seedTenant(db, 'Neighbour Ltd');
  const pipelines = new PipelinesRepository(db);
  const documents = new DocumentsRepository(db);
  const lists: { name: string; run: () => Promise<unknown> }[] = [
    {
      name: 'pending-review',
      run: () => pipelines.list(big.tenantId, { steps: ['human_review'], limit: 51 }),
    },
    {
      name: 'pending-approval',
      run: () => pipelines.list(big.tenantId, { steps: ['approval'], limit: 51 }),
    },
    { name: 'all', run: () => pipelines.list(big.tenantId, { limit: 51 }) },
    { name: 'stats', run: () => pipelines.countByStep(big.tenantId) },
    { name: 'pending-summary', run: () => pipelines.pendingByType(big.tenantId) },
    { name: 'documents', run: () => documents.list(big.tenantId, { limit: 51 }) },
    {
      name: 'documents ?q=invoice-9999',
      run: () => documents.list(big.tenantId, { nameContains: 'invoice-9999', limit: 51 }),
    },
    {
      name: 'documents ?q=nothing-matches',
      run: () => documents.list(big.tenantId, { nameContains: 'nothing-matches', limit: 51 }),
    },
  ];

  let seeded = 0;
  for (const size of sizes) {
    const started = performance.now();
    await seedPipelines(db, { ...big, count: size - seeded, offset: seeded });
    await seedPipelines(db, { ...neighbour, count: (size - seeded) / 10, offset: seeded / 10 });
    seeded = size;
    await sql`VACUUM ANALYZE`.execute(db);
    console.log(
      `\n${size.toLocaleString('en')} pipelines of one company (+${(size / 10).toLocaleString('en')} of another), seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    console.log('  query                             ms   rows read   plan');
    for (const list of lists) {
      captured = [];
      await list.run();
      for (const query of captured) {
        const explained = await pool.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`,
          query.parameters as unknown[],
        );
        const lines = explained.rows.map((row) => row['QUERY PLAN']);
        const time = /Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))?.[1] ?? '?';
        // Rows the plan's scans touched, the measure of how much work a page costs.
        const rowsRead = lines
          .map((line) => /Scan.*actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/.exec(line))
          .reduce((sum, match) => sum + (match ? Number(match[1]) * Number(match[2]) : 0), 0);
        const scans = lines
          .filter((line) => /Scan/.test(line))
          .map((line) =>
            line
              .trim()
              .replace(/^->\s*/, '')
              .replace(/\s+\(cost.*$/, ''),
          )
          .join('; ');
        console.log(
          `  ${list.name.padEnd(30)} ${time.padStart(7)}  ${String(rowsRead).padStart(9)}   ${scans}`,
        );
        if (verbose) console.log(lines.map((line) => `      ${line}`).join('\n'));
      }
    }
  }
} finally {
  await db.destroy();
  await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await admin.end();
}
