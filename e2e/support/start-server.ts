import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Root of the monorepo (e2e/support/ is two levels below it). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const serverDir = path.join(repoRoot, 'apps', 'server');
/** E2E_SERVER_ENTRY can point the harness at another entry file (debugging the harness itself). */
const serverEntry = path.resolve(
  process.env.E2E_SERVER_ENTRY ?? path.join(serverDir, 'src', 'server.ts'),
);

/**
 * The node flags production starts the server with: those before the entry file in apps/server's
 * `start` (or `start:api`) script, so a harness starting the compiled server runs it as npm does.
 */
export function productionNodeFlags(script: 'start' | 'start:api' = 'start'): string[] {
  const packageJson = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = packageJson.scripts[script]!.split(/\s+/);
  return words.slice(
    1,
    words.findIndex((word) => word.startsWith('dist/')),
  );
}

// A fresh PGlite database takes seconds to create, and minutes on a machine busy with other work.
const HEALTH_TIMEOUT_MS = 120_000;
const POLL_INTERVAL_MS = 250;
const MAX_LOG_CHARS = 20_000;

export interface StartedServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). Serves the API and the built web app. */
  baseUrl: string;
  dataDir: string;
  /** The server process (for reading its memory use in benchmarks). */
  pid: number | undefined;
  /** Everything the server wrote to stdout and stderr so far (truncated to the last 20 kB). */
  output(): string;
  /** Kills the server and removes its data directory. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra environment for the server process (applied last). */
  env?: Record<string, string>;
  /** Use this data directory and keep it after stop() (default: a fresh temporary one, removed). */
  dataDir?: string;
}

/** Asks the OS for a free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not determine a free port'));
        return;
      }
      const { port } = address;
      probe.close(() => resolve(port));
    });
  });
}

interface Launch {
  command: string;
  args: string[];
  label: string;
}

// Compiled JavaScript runs as production runs it: plain node. A TypeScript loader would also
// switch on source maps, and Node then keeps every stack-traced module's decoded map in the heap
// (tens of MB, which makes each later garbage collection dearer).
const compiledLaunch: Launch = {
  command: process.execPath,
  args: [...productionNodeFlags(), serverEntry],
  label: 'node',
};

const typescriptLaunches: Launch[] = [
  {
    command: process.execPath,
    args: ['--import', 'tsx/esm', serverEntry],
    label: 'node --import tsx/esm',
  },
  {
    command: process.platform === 'win32' ? 'npx.cmd' : 'npx',
    args: ['--no-install', 'tsx', serverEntry],
    label: 'npx tsx',
  },
];

const launches = serverEntry.endsWith('.js') ? [compiledLaunch] : typescriptLaunches;

class ServerExitedError extends Error {}

/**
 * Starts apps/server on a free port with a fresh temporary DATA_DIR and waits until
 * GET /health answers 200. Tries `node --import tsx/esm` first, then `npx tsx`.
 */
export async function startServer(options: StartServerOptions = {}): Promise<StartedServer> {
  const keepDataDir = options.dataDir !== undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'parser-e2e-')));
  const removeDataDir = () =>
    keepDataDir ? Promise.resolve() : rm(dataDir, { recursive: true, force: true });
  const failures: string[] = [];
  try {
    for (const launch of launches) {
      try {
        return await launchOnce(launch, dataDir, removeDataDir, options);
      } catch (error) {
        if (!(error instanceof ServerExitedError)) throw error;
        failures.push(error.message);
        // Only a loader problem is worth another launcher; a server that crashed would crash again.
        if (
          !/Cannot find (package|module) '?tsx|ERR_REQUIRE_CYCLE_MODULE|ENOENT/.test(error.message)
        ) {
          break;
        }
      }
    }
  } catch (error) {
    await removeDataDir();
    throw error;
  }
  await removeDataDir();
  throw new Error(`The server could not be started:\n\n${failures.join('\n\n')}`);
}

async function launchOnce(
  launch: Launch,
  dataDir: string,
  removeDataDir: () => Promise<void>,
  options: StartServerOptions,
): Promise<StartedServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // Every browser and API call comes from 127.0.0.1; the per-address sign-up/login limit
    // (default 30 per window) would otherwise make longer suites flaky. Override per spec file.
    AUTH_RATE_LIMIT_PER_IP: '1000',
    ...options.env,
  };
  // The embedded PGlite database in the temporary DATA_DIR keeps runs isolated. A PostgreSQL
  // server is used only when E2E_DATABASE_URL is set explicitly.
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  if (options.env?.DATABASE_URL) env.DATABASE_URL = options.env.DATABASE_URL;

  const child = spawn(launch.command, launch.args, {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group, so stop() also reaches grandchildren (npx -> tsx -> node).
    detached: process.platform !== 'win32',
  });

  let log = '';
  const append = (chunk: Buffer) => {
    log += chunk.toString('utf8');
    if (log.length > MAX_LOG_CHARS) log = log.slice(-MAX_LOG_CHARS);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  // Mirror server problems into the test output when asked to.
  if (process.env.E2E_SERVER_LOGS === '1') {
    child.stdout?.pipe(process.stdout);
    child.stderr?.pipe(process.stderr);
  }

  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    });
  });
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });

  let stopped = false;
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // Already gone.
    }
  };
  const stopChild = async () => {
    if (!exit) {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    // Leftover grandchildren of the group (if any) must not outlive the test run.
    signal('SIGKILL');
    child.stdout?.destroy();
    child.stderr?.destroy();
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  for (;;) {
    if (spawnError || exit) {
      await stopChild();
      const how = spawnError
        ? `could not be spawned (${spawnError.message})`
        : `exited with code ${String(exit?.code)} signal ${String(exit?.signal)}`;
      throw new ServerExitedError(
        `[${launch.label}] the server ${how} before /health answered 200.\n--- server output ---\n${log}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) break;
      lastProblem = `GET /health answered ${response.status}: ${(await response.text()).slice(0, 500)}`;
    } catch (error) {
      lastProblem = `GET /health failed: ${(error as Error).message}`;
    }
    if (Date.now() > deadline) {
      await stopChild();
      throw new Error(
        `[${launch.label}] the server did not become healthy within ${HEALTH_TIMEOUT_MS / 1000} s ` +
          `(${lastProblem}).\n--- server output ---\n${log}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }

  return {
    baseUrl,
    dataDir,
    pid: child.pid,
    output: () => log,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await stopChild();
      await removeDataDir();
    },
  };
}
