import { invoicePdf } from '@parser/test-documents';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { company, createInvoiceType, createPipelines, getReview } from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile();

describe('times in the lists', () => {
  it('match the pipeline’s own page, to the millisecond, with the microseconds dropped', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const doc = await invoicePdf();
    const { pipelineIds, fileIds } = await createPipelines(t.app, admin.headers, typeId, [
      { bytes: doc.bytes, fileName: 'first.pdf' },
      { bytes: doc.bytes, fileName: 'second.pdf' },
    ]);
    // A stored time with microseconds, as PostgreSQL keeps them.
    await sql`UPDATE pipelines SET created_at = '2025-03-04 05:06:07.123999+00',
                                   updated_at = '2025-03-04 23:59:59.999999+00'
              WHERE id = ${pipelineIds[0]!}`.execute(t.db);
    await sql`UPDATE files SET created_at = '2025-03-04 05:06:07.000500+00'
              WHERE id = ${fileIds[0]!}`.execute(t.db);

    for (const list of ['all', 'pending-review', 'pending-approval', 'approved']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/pipelines/${list}?doc_type_id=${typeId}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      for (const item of response.json<{
        items: { pipeline_id: string; created_at: string; updated_at: string }[];
      }>().items) {
        const review = await getReview(t.app, admin.headers, item.pipeline_id);
        expect(item.created_at).toBe(review.created_at);
        expect(item.updated_at).toBe(review.updated_at);
      }
    }
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/pipelines/all',
      headers: admin.headers,
    });
    expect(
      all.json<{ items: { created_at: string; updated_at: string }[] }>().items.at(-1),
    ).toMatchObject({
      created_at: '2025-03-04T05:06:07.123Z',
      updated_at: '2025-03-04T23:59:59.999Z',
    });

    const documents = await t.app.inject({
      method: 'GET',
      url: '/api/documents/?limit=1&q=first',
      headers: admin.headers,
    });
    expect(documents.json<{ items: { uploadAt: string }[] }>().items).toMatchObject([
      { uploadAt: '2025-03-04T05:06:07.000Z' },
    ]);
  });

  it('page with any page size the API accepts, each page continuing where the last ended', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const doc = await invoicePdf();
    const names = Array.from({ length: 7 }, (_, n) => `doc-${n}.pdf`);
    await createPipelines(
      t.app,
      admin.headers,
      typeId,
      names.map((fileName) => ({ bytes: doc.bytes, fileName })),
    );
    for (const limit of [1, 3, 7, 200]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const response: { json(): unknown } = await t.app.inject({
          method: 'GET',
          url: `/api/documents/?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
          headers: admin.headers,
        });
        const page = response.json() as {
          items: { fileName: string }[];
          next_cursor: string | null;
        };
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items.map((item) => item.fileName));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen.sort()).toEqual(names);
    }
  });
});
