import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import { productionNodeFlags } from '../../../e2e/support/start-server.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LOG_CHARS = 30_000;

/** A Parser process started from the compiled server (dist/), as production runs it. */
export interface ParserProcess {
  name: string;
  /** http://127.0.0.1:<port>: the API, or a worker's status port. */
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node dist/server.js --api-only` or `node dist/worker.js` and waits for GET /ready. An API
 * process gets the node flags of `npm run start:api` unless `nodeFlags` says otherwise.
 */
export async function startParserProcess(
  role: 'api' | 'worker',
  name: string,
  env: Record<string, string>,
  nodeFlags: readonly string[] = role === 'api' ? productionNodeFlags('start:api') : [],
): Promise<ParserProcess> {
  const entry = path.join(serverDir, 'dist', role === 'api' ? 'server.js' : 'worker.js');
  if (!existsSync(entry)) {
    throw new Error(`${entry} is missing: build the server first (npm run build -w apps/server)`);
  }
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...nodeFlags, entry, ...(role === 'api' ? ['--api-only'] : [])],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent',
        ...env,
        ...(role === 'api' ? { PORT: String(port) } : { WORKER_STATUS_PORT: String(port) }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-MAX_LOG_CHARS);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const started: ParserProcess = {
    name,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => log,
    exited,
  };
  const deadline = Date.now() + 120_000;
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  while (Date.now() < deadline && !ended) {
    try {
      const response = await fetch(`${started.baseUrl}/ready`);
      if (response.ok) return started;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not become ready:\n${log}`);
}

/** SIGTERM, then SIGKILL if it has not ended after `graceMs`. */
export async function stopProcess(process: ParserProcess, graceMs = 30_000): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill('SIGTERM');
  const timer = setTimeout(() => process.child.kill('SIGKILL'), graceMs);
  await process.exited;
  clearTimeout(timer);
}
