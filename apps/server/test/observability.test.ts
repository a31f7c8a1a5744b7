import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { company, createInvoiceType, uploadInvoice } from './factories.js';
import { LocalDirectoryStorage } from '../src/storage/local-directory-storage.js';
import { sharedDatabaseApps } from './support/shared-database-apps.js';
import { buildStatusServer } from '../src/observability/status-server.js';
import { testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile({ AUTH_RATE_LIMIT_PER_IP: '1000' });

const scrape = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  return response.body;
};

/** The value of one sample line, e.g. `name{labels} 3`. */
const sample = (text: string, pattern: RegExp) => {
  const line = text.split('\n').find((candidate) => pattern.test(candidate));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

describe('GET /metrics', () => {
  it('keeps request latency per route pattern, never per raw path', async () => {
    const admin = await company(t.app);
    await t.app.inject({
      method: 'GET',
      url: '/api/pipelines/pending-review',
      headers: admin.headers,
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/pipelines/00000000-0000-4000-8000-000000000000/review',
      headers: admin.headers,
    });
    const text = await scrape();
    expect(
      sample(
        text,
        /^parser_http_request_duration_seconds_count\{.*method="GET",route="\/api\/pipelines\/pending-review",status_code="200"/,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/route="\/api\/pipelines\/:id\/review",status_code="404"/);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
  });

  it('shows queue depth and age per job kind, then reading time per page and method', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    await uploadInvoice(t.app, admin.headers, typeId);
    const queued = await scrape();
    expect(
      sample(queued, /^parser_jobs_queued\{.*kind="pipeline\.extract"/),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(queued, /^parser_jobs_oldest_queued_age_seconds\{.*kind="pipeline\.extract"/),
    ).toBeGreaterThanOrEqual(0);

    const worker = t.newWorker({
      observeJob: (kind, outcome, seconds) => t.app.metrics.observeJob(kind, outcome, seconds),
    });
    await worker.runUntilIdle();
    const done = await scrape();
    expect(sample(done, /^parser_jobs_queued\{.*kind="pipeline\.extract"/) ?? 0).toBe(0);
    expect(
      sample(done, /^parser_extraction_page_seconds_count\{.*method="text_layer"/),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        done,
        /^parser_job_duration_seconds_count\{.*kind="pipeline\.extract",outcome="succeeded"/,
      ),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'scrape-7f3c9a1b2d4e5f60';
  const guarded = testAppPerFile({ METRICS_TOKEN: token });

  it('answers only a scraper that sends the token, on the API and on a worker status port', async () => {
    const status = await buildStatusServer({
      db: guarded.db,
      jobs: guarded.jobs.repository,
      storage: guarded.storage,
      metrics: guarded.app.metrics,
      metricsToken: token,
      version: 'test',
    });
    try {
      for (const app of [guarded.app, status]) {
        for (const authorization of [undefined, 'Bearer wrong-token-000000', token]) {
          const refused = await app.inject({
            method: 'GET',
            url: '/metrics',
            headers: authorization ? { authorization } : {},
          });
          expect(refused.statusCode).toBe(401);
          expect(refused.body).not.toContain('parser_');
        }
        const allowed = await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(allowed.statusCode).toBe(200);
        expect(allowed.body).toContain('parser_jobs_queued');
      }
    } finally {
      await status.close();
    }
  });
});

describe('request ids', () => {
  it('answers with a request id, keeping the one a load balancer sent', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'lb-7f3a' },
    });
    expect(forwarded.headers['x-request-id']).toBe('lb-7f3a');
    // Not a short token: a new id, so a caller cannot write what it likes into the logs.
    const odd = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'x'.repeat(500) },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /ready', () => {
  it('answers 200 when the database, the queue and the storage answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      database: 'up',
      queue: 'up',
      storage: 'up',
    });
  });

  it('answers 503 naming the storage when it cannot be reached, while /health stays up', async () => {
    const shared = await sharedDatabaseApps();
    const dir = await mkdtemp(path.join(tmpdir(), 'parser-broken-'));
    try {
      // A file where the storage directory should be: nothing can be stored under it.
      await writeFile(path.join(dir, 'files'), 'not a directory');
      const app = await shared.app({}, new LocalDirectoryStorage(path.join(dir, 'files')));
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'not_ready',
        database: 'up',
        queue: 'up',
        storage: 'down',
      });
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await shared.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers 503 naming the database and the queue when the database is gone', async () => {
    const shared = await sharedDatabaseApps();
    const app = await shared.app();
    await shared.handle.db.destroy();
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not_ready', database: 'down', queue: 'down' });
    await app.close();
  });
});
