import { utimes } from 'node:fs/promises';
import path from 'node:path';

import { renderedWidthFor } from '@parser/extraction';
import { blankPng, invoicePdf, paddedDocx, textPdf } from '@parser/test-documents';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { JobWorker } from '../src/jobs/job-worker.js';
import { AppError } from '../src/lib/app-error.js';
import { previewStorageKey } from '../src/modules/files/page-previews.js';
import { sweepOrphanBlobs } from '../src/storage/orphan-blob-sweeper.js';
import { multipart, uploadDocument } from './build-test-app.js';
import {
  company,
  createInvoiceType,
  createPipelines,
  impatientFilesService,
  processDocuments,
} from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile({ AUTH_RATE_LIMIT_PER_IP: '1000' });
/** A worker started by a test in place of the app's own, stopped after it. */
let standIn: JobWorker | undefined;

beforeAll(async () => {
  // Every test decides when engine work runs: requests wait for it until a worker is started.
  await t.interactiveWorker.stop();
});
// Runs before the app is closed: after-all hooks run in the reverse order of their registration.
afterAll(async () => {
  await standIn?.stop();
});

const MB = 1024 * 1024;

async function startWorker() {
  standIn = t.newWorker({ lanes: ['interactive'], pollMs: 50 });
  await standIn.start();
}
async function stopWorker() {
  await standIn?.stop();
  standIn = undefined;
}

const jobsOf = (tenantId: string, name: string) =>
  t.db
    .selectFrom('jobs')
    .select(['lane', 'status'])
    .where('tenantId', '=', tenantId)
    .where('name', '=', name)
    .orderBy('id')
    .execute();

/** Starts a request without waiting for its answer. */
const send = (request: InjectOptions): Promise<LightMyRequestResponse> =>
  (async () => t.app.inject(request))();

function uploadRequest(headers: Record<string, string>, bytes: Uint8Array, fileName: string) {
  const body = multipart([{ name: 'file', fileName, bytes }]);
  return {
    method: 'POST' as const,
    url: '/api/files:upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  };
}

describe('uploads are checked by the job worker', () => {
  it('answers other requests while uploads wait for the worker, then answers them from it', async () => {
    const admin = await company(t.app);
    const report = await textPdf(['Statement page 1', 'Statement page 2', 'Statement page 3']);

    const uploads = [
      send(uploadRequest(admin.headers, report.bytes, 'statement.pdf')),
      send(uploadRequest(admin.headers, paddedDocx('Invoice 42', 2 * MB).bytes, 'letter.docx')),
    ];
    await expect
      .poll(() => jobsOf(admin.tenantId, 'file.inspect'))
      .toEqual([
        { lane: 'interactive', status: 'queued' },
        { lane: 'interactive', status: 'queued' },
      ]);

    // The API goes on answering: the uploads wait on their jobs, not on the engine in the request.
    const types = await t.app.inject({
      method: 'GET',
      url: '/api/doc-types',
      headers: admin.headers,
    });
    expect(types.statusCode).toBe(200);
    // Nothing is listed before its check is in.
    expect(
      await t.db.selectFrom('files').select('id').where('tenantId', '=', admin.tenantId).execute(),
    ).toEqual([]);

    await startWorker();
    const [pdf, docx] = await Promise.all(uploads);
    expect(pdf!.statusCode).toBe(201);
    expect(pdf!.json()).toMatchObject({ pages: 3, error: null, fileName: 'statement.pdf' });
    expect(docx!.statusCode).toBe(201);
    expect(docx!.json()).toMatchObject({ pages: 1, error: null });
    expect(await jobsOf(admin.tenantId, 'file.inspect')).toEqual([
      { lane: 'interactive', status: 'succeeded' },
      { lane: 'interactive', status: 'succeeded' },
    ]);
    await stopWorker();
  });

  it('still refuses documents past the reading limits, with the reason stored', async () => {
    const admin = await company(t.app);
    await startWorker();
    const poster = await t.app.inject(
      uploadRequest(admin.headers, blankPng(20_000, 20_000).bytes, 'poster.png'),
    );
    const bomb = await t.app.inject(
      uploadRequest(admin.headers, paddedDocx('Invoice 42', 300 * MB).bytes, 'bomb.docx'),
    );
    await stopWorker();
    expect(poster.statusCode).toBe(201);
    expect(poster.json()).toMatchObject({
      pages: 0,
      error: expect.stringMatching(
        /^The image is 20000 × 20000 pixels; the largest accepted is 50/,
      ),
    });
    expect(bomb.statusCode).toBe(201);
    expect(bomb.json()).toMatchObject({
      pages: 0,
      error: expect.stringMatching(/^The Word document unpacks to more than 256 MB/),
    });
  });

  it('answers 503 ENGINE_BUSY when the check outlasts the wait, and keeps nothing', async () => {
    const admin = await company(t.app);
    const impatient = impatientFilesService(t);
    const report = await textPdf(['Only page']);
    const error = await impatient
      .upload(
        {
          userId: admin.uid,
          email: admin.email,
          tenantId: admin.tenantId,
          role: 'admin',
          actorLabel: admin.email,
          apiKey: null,
        },
        { fileName: 'statement.pdf', bytes: Buffer.from(report.bytes) },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'ENGINE_BUSY',
      statusCode: 503,
      headers: { 'Retry-After': '60' },
    });
    expect((error as AppError).message).toMatch(/nothing was stored/);

    // The check left behind runs later on bytes that are gone, and answers that harmlessly.
    await startWorker();
    await expect
      .poll(() => jobsOf(admin.tenantId, 'file.inspect'))
      .toEqual([{ lane: 'interactive', status: 'succeeded' }]);
    await stopWorker();
    expect(
      await t.db.selectFrom('files').select('id').where('tenantId', '=', admin.tenantId).execute(),
    ).toEqual([]);
    const stored: string[] = [];
    for await (const key of t.storage.listWrittenBefore(new Date(Date.now() + 60_000))) {
      if (key.startsWith(`${admin.tenantId}/`)) stored.push(key);
    }
    expect(stored).toEqual([]);
  });
});

describe('page previews are rendered by the job worker and kept', () => {
  it('renders a page on the worker once, then serves it from storage with the worker stopped', async () => {
    const admin = await company(t.app);
    await startWorker();
    const report = await textPdf(['Statement page 1', 'Statement page 2', 'Statement page 3']);
    const fileId = await uploadDocument(t.app, admin.headers, { ...report, fileName: 'a.pdf' });
    await stopWorker();

    const url = `/api/files/${fileId}/pages/2/image?width=400`;
    const preview = send({ method: 'GET', url, headers: admin.headers });
    await expect
      .poll(() => jobsOf(admin.tenantId, 'file.render-page'))
      .toEqual([{ lane: 'interactive', status: 'queued' }]);
    // Meanwhile the document itself opens.
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/view`,
      headers: admin.headers,
    });
    expect(view.statusCode).toBe(200);

    await startWorker();
    const rendered = await preview;
    await stopWorker();
    expect(rendered.statusCode).toBe(200);
    expect(rendered.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(rendered.rawPayload).metadata()).width).toBe(400);
    expect(await jobsOf(admin.tenantId, 'file.render-page')).toEqual([
      { lane: 'interactive', status: 'succeeded' },
    ]);

    // With no worker running, the same page at the same width comes from storage.
    const again = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(rendered.rawPayload)).toBe(true);
    expect(await jobsOf(admin.tenantId, 'file.render-page')).toHaveLength(1);

    // A page past the end is refused from the page count taken at upload, without the worker.
    const past = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/pages/4/image`,
      headers: admin.headers,
    });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ code: 'NOT_FOUND', detail: 'This document has no page 4' });
    // Another company asking for the page learns nothing.
    const other = await company(t.app, 'Other Co');
    const foreign = await t.app.inject({ method: 'GET', url, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', detail: 'File not found' });
  });

  it('renders and keeps a page at one width for the many widths a client may ask for', async () => {
    const admin = await company(t.app);
    await startWorker();
    const report = await textPdf(['Only page']);
    const fileId = await uploadDocument(t.app, admin.headers, { ...report, fileName: 'a.pdf' });
    for (const width of [300, 301, 350, 420, 480]) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/files/${fileId}/pages/1/image?width=${width}`,
        headers: admin.headers,
      });
      expect(page.statusCode).toBe(200);
      expect((await sharp(page.rawPayload).metadata()).width).toBe(width);
    }
    await stopWorker();
    expect(await jobsOf(admin.tenantId, 'file.render-page')).toHaveLength(1);
    const kept: string[] = [];
    for await (const key of t.storage.listWrittenBefore(new Date(Date.now() + 60_000))) {
      if (key.includes(`/previews/${fileId}/`)) kept.push(key);
    }
    expect(kept).toEqual([previewStorageKey(admin.tenantId, fileId, 1, 480)]);
  });

  it('answers 503 ENGINE_BUSY when rendering outlasts the wait, and the next request gets the page', async () => {
    const admin = await company(t.app);
    await startWorker();
    const report = await textPdf(['Only page']);
    const fileId = await uploadDocument(t.app, admin.headers, { ...report, fileName: 'a.pdf' });
    await stopWorker();
    const impatient = impatientFilesService(t);
    const error = await impatient.pageImage(admin.tenantId, fileId, 1, 300).catch((e) => e);
    expect(error).toMatchObject({ code: 'ENGINE_BUSY', statusCode: 503 });

    await startWorker();
    await expect
      .poll(() => jobsOf(admin.tenantId, 'file.render-page'))
      .toEqual([{ lane: 'interactive', status: 'succeeded' }]);
    await stopWorker();
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/pages/1/image?width=300`,
      headers: admin.headers,
    });
    expect(page.statusCode).toBe(200);
    expect((await sharp(page.rawPayload).metadata()).width).toBe(300);
  });

  it('keeps the previews of a stored file when sweeping, and removes those of a deleted one', async () => {
    const admin = await company(t.app);
    const docTypeId = await createInvoiceType(t.app, admin.headers);
    await startWorker();
    const [kept, removed] = [await textPdf(['Kept']), await textPdf(['Removed'])];
    const { pipelineIds, fileIds } = await createPipelines(t.app, admin.headers, docTypeId, [
      { bytes: kept.bytes, fileName: 'kept.pdf' },
      { bytes: removed.bytes, fileName: 'removed.pdf' },
    ]);
    for (const fileId of fileIds) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/files/${fileId}/pages/1/image?width=200`,
        headers: admin.headers,
      });
      expect(page.statusCode).toBe(200);
    }
    await stopWorker();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/pipelines/${pipelineIds[1]}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);

    const [keptKey, removedKey] = fileIds.map((fileId) =>
      previewStorageKey(admin.tenantId, fileId, 1, renderedWidthFor(200)),
    );
    // Old enough for the sweep (it leaves what was written in the last hour alone).
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const key of [keptKey!, removedKey!]) {
      await utimes(path.join(t.storage.root, key), twoHoursAgo, twoHoursAgo);
    }
    await sweepOrphanBlobs({ storage: t.storage, db: t.db, logger: t.app.log });

    expect(await t.storage.exists(keptKey!)).toBe(true);
    expect(await t.storage.exists(removedKey!)).toBe(false);
  });
});

describe('agent runs asked for in a request', () => {
  it('have a reading that is not cached done by the job worker, not in the request', async () => {
    const admin = await company(t.app);
    const docTypeId = await createInvoiceType(t.app, admin.headers);
    await startWorker();
    const { pipelineIds, fileIds } = await processDocuments(t, admin.headers, docTypeId, [
      await invoicePdf(),
    ]);
    // As after an engine upgrade: the reading cached under the earlier reader version is unused.
    await t.db.deleteFrom('fileReadings').where('fileId', '=', fileIds[0]!).execute();
    const readsBefore = (await jobsOf(admin.tenantId, 'file.read')).length;

    const run = await t.app.inject({
      method: 'POST',
      url: '/api/agents/reconciliation/run',
      headers: admin.headers,
      payload: { pipeline_ids: pipelineIds },
    });
    await stopWorker();

    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ status: 'completed', results: [{ success: true }] });
    const reads = await jobsOf(admin.tenantId, 'file.read');
    expect(reads.slice(readsBefore)).toEqual([{ lane: 'interactive', status: 'succeeded' }]);
  });
});
