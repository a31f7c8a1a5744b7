import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DestinationStream, Logger } from 'pino';

import { buildApp } from '../src/app.js';
import { composeServices, type ComposedServices } from '../src/composition/compose-services.js';
import { type Config, loadConfig } from '../src/config.js';
import type { Database, DatabaseHandle } from '../src/db/client.js';
import type { Engine } from '../src/engine/engine.js';
import type { AppJobs } from '../src/jobs/app-jobs.js';
import { JobWorker, type JobWorkerOptions } from '../src/jobs/job-worker.js';
import { createLogger } from '../src/observability/logger.js';
import { Metrics } from '../src/observability/metrics.js';
import type { BlobStorage } from '../src/storage/blob-storage.js';
import { LocalDirectoryStorage } from '../src/storage/local-directory-storage.js';
import { openTestDatabase } from './support/test-database.js';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** The app's blob storage, in a temporary directory removed on close. */
  storage: LocalDirectoryStorage;
  /** The key the app signs access tokens with, to forge tokens a client could not. */
  tokenSigningKey: Uint8Array;
  /** The app's job queue, with every module's handlers registered. */
  jobs: AppJobs;
  /** The document engine's threads the app's services share. */
  engine: Engine;
  /** A worker over the app's job queue (not started); `concurrency` 2 unless given. */
  newWorker(options?: Partial<JobWorkerOptions>): JobWorker;
  /** The started worker that answers requests waiting for engine work; stop it to hold them. */
  interactiveWorker: JobWorker;
  /** Runs every job that is due (extraction and the steps it enqueues) until none is left. */
  drainJobs(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: an in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * schema of that PostgreSQL database that is dropped afterwards.
 */
export async function buildTestApp(
  overrides: Partial<Record<keyof Config, string>> = {},
  /** Where the app logs (at LOG_LEVEL); without it the app logs nothing. */
  { logStream }: { logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/parser-test-unused',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  const { handle, drop } = await openTestDatabase();
  const filesDir = await mkdtemp(path.join(tmpdir(), 'parser-test-files-'));
  const storage = new LocalDirectoryStorage(filesDir);
  const tokenSigningKey = randomBytes(32);
  const { app, composed } = await buildAppOver({
    config,
    handle,
    storage,
    tokenSigningKey,
    logger: createLogger({
      level: config.LOG_LEVEL,
      stream: logStream,
      enabled: logStream !== undefined,
    }),
  });
  const { jobs } = composed;
  const newWorker = (options: Partial<JobWorkerOptions> = {}) =>
    new JobWorker({
      jobs: jobs.repository,
      registry: jobs.registry,
      queue: jobs.queue,
      logger: app.log,
      concurrency: 2,
      recoverAllOnStart: false,
      ...options,
    });
  // Requests that wait for engine work (a test extraction, a text layer) are answered by the
  // worker, as in the server; background extraction still waits for drainJobs().
  const interactiveWorker = newWorker({ lanes: ['interactive'], pollMs: 50 });
  await interactiveWorker.start();
  return {
    app,
    db: handle.db,
    storage,
    tokenSigningKey,
    jobs,
    engine: composed.engine,
    newWorker,
    interactiveWorker,
    drainJobs: () => newWorker().runUntilIdle(),
    async close() {
      await interactiveWorker.stop();
      await app.close();
      await composed.close();
      await drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * The services of one process over `handle` and the API on top of them, as server.ts builds
 * them; close both (the app, then the services).
 */
export async function buildAppOver({
  config,
  handle,
  storage,
  tokenSigningKey,
  logger = createLogger({ level: config.LOG_LEVEL, enabled: false }),
}: {
  config: Config;
  handle: DatabaseHandle;
  storage: BlobStorage;
  tokenSigningKey: Uint8Array;
  logger?: Logger;
}): Promise<{ app: FastifyInstance; composed: ComposedServices }> {
  const metrics = new Metrics({ role: 'app', defaultMetrics: false });
  const composed = composeServices({
    config,
    db: handle.db,
    storage,
    metrics,
    log: logger,
    tokenSigningKey,
  });
  const app = await buildApp({
    config,
    db: handle.db,
    composed,
    storage,
    databaseKind: handle.kind,
    logger,
    metrics,
  });
  await app.ready();
  return { app, composed };
}

/** A user with a company, signed in, as the sign-up screen makes one. */
export async function signUpWithTenant(
  app: FastifyInstance,
  email: string,
  tenantName = 'Acme Ltd',
) {
  const password = 'correct horse battery';
  const signup = await app.inject({
    method: 'POST',
    url: '/auth/signup',
    payload: { email, password },
  });
  const tokens = signup.json<{ uid: string; access_token: string; refresh_token: string }>();
  const register = await app.inject({
    method: 'POST',
    url: '/auth/register',
    headers: bearer(tokens.access_token),
    payload: { uid: tokens.uid, email, tenant_name: tenantName },
  });
  const me = register.json<{ tenantId: string }>();
  return {
    ...tokens,
    email,
    password,
    tenantId: me.tenantId,
    headers: bearer(tokens.access_token),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; fileName: string; bytes: Uint8Array; contentType?: string };

/** A multipart/form-data body as a browser's FormData sends it, for `app.inject`. */
export function multipart(parts: MultipartPart[]) {
  const boundary = `----parser-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'bytes' in part
        ? `form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('bytes' in part ? Buffer.from(part.bytes) : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads one file and answers what the upload says of it (its id, pages, any reading error). */
export async function uploadFile(
  app: FastifyInstance,
  headers: Record<string, string>,
  document: { bytes: Uint8Array; fileName: string },
): Promise<{ fileId: string; pages: number; error: string | null }> {
  const body = multipart([{ name: 'file', fileName: document.fileName, bytes: document.bytes }]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/files:upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (response.statusCode !== 201) {
    throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

/** Uploads a generated document through POST /api/files:upload; answers its file id. */
export async function uploadDocument(
  app: FastifyInstance,
  headers: Record<string, string>,
  document: { bytes: Uint8Array; fileName: string },
): Promise<string> {
  return (await uploadFile(app, headers, document)).fileId;
}

export const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);
