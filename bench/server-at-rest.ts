/**
 * The embedded server's memory at rest: the compiled server started as production starts it on a
 * new data directory (which it creates and migrates), then started again on the same directory.
 * Each is read `--settle` seconds (default 10) after `/health` first answers, beside a bare Fastify
 * route's process started in the same run. Target (issue figures): at rest ≤ 600 MB.
 *
 *   npm run bench:at-rest [-- --settle 10]
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
process.env.E2E_SERVER_ENTRY ??= path.join(benchDir, '../apps/server/dist/server.js');
const { startServer } = await import('../e2e/support/start-server.js');

const args = process.argv.slice(2);
const at = args.indexOf('--settle');
const settleSeconds = at >= 0 ? Number(args[at + 1]) : 10;
const TARGET_MB = 600;

/** Resident memory of a process, in MB, from /proc. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));

async function bareRouteMb(): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx/esm', path.join(benchDir, 'bare-fastify-server.ts')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', () => reject(new Error('the bare Fastify server exited')));
  });
  await settle();
  const mb = residentMb(child.pid!);
  child.kill('SIGTERM');
  return mb;
}

async function serverMb(dataDir: string): Promise<number> {
  const server = await startServer({ dataDir });
  try {
    await settle();
    return residentMb(server.pid!);
  } finally {
    await server.stop();
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'parser-at-rest-'));
try {
  const bare = await bareRouteMb();
  const created = await serverMb(dataDir);
  const reopened = await serverMb(dataDir);
  const verdict = (mb: number) => (mb <= TARGET_MB ? 'met' : 'NOT met');
  console.log(
    `server at rest, ${settleSeconds} s after /health first answers (embedded database):`,
  );
  console.log(`  bare Fastify route process:      ${bare} MB`);
  console.log(
    `  first start, new data directory: ${created} MB (×${(created / bare).toFixed(1)}; target ≤ ${TARGET_MB} MB: ${verdict(created)})`,
  );
  console.log(
    `  started again on it:             ${reopened} MB (×${(reopened / bare).toFixed(1)}; target ≤ ${TARGET_MB} MB: ${verdict(reopened)})`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
