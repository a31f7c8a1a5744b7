import { blankPng, paddedDocx } from '@parser/test-documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp, uploadFile } from './build-test-app.js';
import { company, createInvoiceType } from './factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
});
afterAll(() => t.close());

const MB = 1024 * 1024;

const upload = (headers: Record<string, string>, bytes: Uint8Array, fileName: string) =>
  uploadFile(t.app, headers, { bytes, fileName });

describe('documents beyond the reading limits', () => {
  it('says a 20000 × 20000 PNG exceeds the pixel limit, and its pipeline fails with that reason', async () => {
    const admin = await company(t.app);
    const docTypeId = await createInvoiceType(t.app, admin.headers);
    const poster = blankPng(20_000, 20_000);

    const stored = await upload(admin.headers, poster.bytes, 'poster.png');
    const reason =
      'The image is 20000 × 20000 pixels; the largest accepted is 50 megapixels. ' +
      'Scan it at a lower resolution and upload it again.';
    expect(stored).toMatchObject({ pages: 0, error: reason });

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: admin.headers,
      payload: { docTypeId, files: [stored.fileId] },
    });
    expect(created.statusCode).toBe(201);
    await t.drainJobs();
    const [pipelineId] = created.json<{ pipeline_ids: string[] }>().pipeline_ids;
    const pipeline = await t.db
      .selectFrom('pipelines')
      .select(['currentStep', 'failureReason'])
      .where('id', '=', pipelineId!)
      .executeTakeFirstOrThrow();
    expect(pipeline).toEqual({ currentStep: 'failed', failureReason: reason });
  });

  it('refuses a DOCX that unpacks to 300 MB without unpacking it into memory', async () => {
    const admin = await company(t.app);
    const bomb = paddedDocx('Invoice 42', 300 * MB);
    expect(bomb.bytes.length).toBeLessThan(2 * MB);
    const before = process.memoryUsage().rss;

    const stored = await upload(admin.headers, bomb.bytes, 'statement.docx');

    expect(stored.pages).toBe(0);
    expect(stored.error).toMatch(/^The Word document unpacks to more than 256 MB/);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * MB);
  });
});
