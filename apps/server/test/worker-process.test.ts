import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import { invoicePdf } from '@parser/test-documents';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { composeServices, type ComposedServices } from '../src/composition/compose-services.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createAppJobs } from '../src/jobs/app-jobs.js';
import { JobWorker } from '../src/jobs/job-worker.js';
import { waitForJob } from '../src/jobs/job-waiter.js';
import { inspectFileJob } from '../src/modules/files/files.jobs.js';
import { createLogger } from '../src/observability/logger.js';
import { Metrics } from '../src/observability/metrics.js';
import type { TenantAuth } from '../src/plugins/auth.js';
import { LocalDirectoryStorage } from '../src/storage/local-directory-storage.js';
import { freePort } from '../test-scale/processes.js';
import { openTestDatabase } from './support/test-database.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Loaded first in a spawned process: when it exits, writes the CommonJS files it loaded (the
 * HTTP packages are CommonJS) to LOADED_MODULES_FILE.
 */
const recordLoadedModules = `data:text/javascript,${encodeURIComponent(`
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
const cache = createRequire(process.cwd() + '/').cache;
process.on('exit', () => writeFileSync(process.env.LOADED_MODULES_FILE, Object.keys(cache).join('\\n')));
`)}`;
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/parser-test-unused' });

describe('the composed services, without an HTTP application', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let filesDir: string;
  let composed: ComposedServices;
  let worker: JobWorker;
  beforeAll(async () => {
    database = await openTestDatabase();
    filesDir = await mkdtemp(path.join(tmpdir(), 'parser-test-files-'));
    const log = createLogger({ level: 'silent', enabled: false });
    composed = composeServices({
      config,
      db: database.handle.db,
      storage: new LocalDirectoryStorage(filesDir),
      metrics: new Metrics({ role: 'worker', defaultMetrics: false }),
      log,
      tokenSigningKey: randomBytes(32),
    });
    worker = new JobWorker({
      jobs: composed.jobs.repository,
      registry: composed.jobs.registry,
      queue: composed.jobs.queue,
      logger: log,
      concurrency: 1,
      recoverAllOnStart: false,
      pollMs: 50,
    });
    await worker.start();
  });
  afterAll(async () => {
    await worker.stop();
    await composed.close();
    await database.drop();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('load no HTTP server, API docs or static file server', () => {
    // The HTTP packages are CommonJS: once anything imports them, the module cache holds them.
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    for (const httpPackage of [
      'fastify',
      '@fastify/swagger',
      '@fastify/swagger-ui',
      '@fastify/static',
    ]) {
      expect(
        loaded.filter((file) => file.includes(`/node_modules/${httpPackage}/`)),
        httpPackage,
      ).toEqual([]);
    }
  });

  it('sign up, create a company and check an upload on the worker, as the API would', async () => {
    const { auth, tenants, files } = composed.services;
    const email = `owner-${randomBytes(4).toString('hex')}@example.com`;
    const session = await auth.signup({ email, password: 'correct horse battery' });
    const me = await tenants.register(session.uid, {
      uid: session.uid,
      email,
      tenant_name: 'Acme',
    });
    expect(me.tenant?.name).toBe('Acme');
    const owner: TenantAuth = {
      userId: session.uid,
      email,
      tenantId: me.tenantId!,
      role: 'admin',
      actorLabel: email,
      apiKey: null,
    };

    const { bytes } = await invoicePdf();
    const uploaded = await files.upload(owner, {
      fileName: 'invoice.pdf',
      bytes: Buffer.from(bytes),
    });

    expect(uploaded).toMatchObject({ pages: 1, error: null });
    const checks = await database.handle.db
      .selectFrom('jobs')
      .select('status')
      .where('name', '=', inspectFileJob.name)
      .execute();
    expect(checks).toEqual([{ status: 'succeeded' }]);
  });
});

/**
 * `npm run start:worker` as a process of its own. It needs PostgreSQL (the embedded database
 * serves one process), so it runs with the server tests against PostgreSQL.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the worker process', () => {
  const databaseName = `parser_worker_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let databaseUrl: string;
  let dataDir: string;
  let child: ChildProcess;
  let exited: Promise<number | null>;
  let output = '';
  let statusUrl: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${databaseName}"`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    dataDir = await mkdtemp(path.join(tmpdir(), 'parser-worker-'));
    const port = await freePort();
    statusUrl = `http://127.0.0.1:${port}`;
    child = spawn(
      process.execPath,
      [
        '--import',
        recordLoadedModules,
        '--import',
        'tsx/esm',
        path.join(serverDir, 'src', 'worker.ts'),
      ],
      {
        cwd: serverDir,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          WORKER_STATUS_PORT: String(port),
          WORKER_CONCURRENCY: '1',
          LOG_LEVEL: 'warn',
          LOADED_MODULES_FILE: path.join(dataDir, 'loaded-modules.txt'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && child.exitCode === null) {
      const ready = await fetch(`${statusUrl}/ready`).catch(() => undefined);
      if (ready?.ok) return;
      await sleep(250);
    }
    throw new Error(`the worker did not become ready:\n${output}`);
  }, 150_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers on its status port, and no API route exists in it', async () => {
    expect((await fetch(`${statusUrl}/health`)).status).toBe(200);
    for (const apiPath of ['/api/openapi.json', '/api/docs', '/api/documents/', '/auth/me']) {
      expect((await fetch(`${statusUrl}${apiPath}`)).status, apiPath).toBe(404);
    }
  });

  it('runs a job queued in the shared database', async () => {
    const storage = new LocalDirectoryStorage(path.join(dataDir, 'files'));
    const { bytes } = await invoicePdf();
    const storageKey = `${randomBytes(4).toString('hex')}/upload`;
    await storage.put(storageKey, bytes);
    const handle = await openDatabase({ url: databaseUrl });
    try {
      // Queued as an API process queues work: into the database the worker polls.
      const jobs = createAppJobs(handle.db);
      const jobId = await jobs.queue.enqueue(
        inspectFileJob,
        { tenantId: randomUUID(), storageKey, fileName: 'invoice.pdf' },
        { tenantId: null },
      );
      const job = await waitForJob(jobs.repository, jobId!, 60_000);
      expect(job.status).toBe('succeeded');
      expect(job.result).toEqual({ pages: 1 });
    } finally {
      await handle.close();
    }
    expect(output).not.toMatch(/"level":(50|60)/);
  });

  it('stops on SIGTERM, having loaded none of the API plugins', async () => {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const loaded = (await readFile(path.join(dataDir, 'loaded-modules.txt'), 'utf8')).split('\n');
    const fromPackage = (name: string) =>
      loaded.filter((file) => file.includes(`/node_modules/${name}/`));
    // Fastify serves the status port; the API's docs, static files, uploads and cookies are absent.
    expect(fromPackage('fastify').length).toBeGreaterThan(0);
    for (const apiPlugin of [
      '@fastify/swagger',
      '@fastify/swagger-ui',
      '@fastify/static',
      '@fastify/multipart',
      '@fastify/cookie',
    ]) {
      expect(fromPackage(apiPlugin), apiPlugin).toEqual([]);
    }
  });
});
