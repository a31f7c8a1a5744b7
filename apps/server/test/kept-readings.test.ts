import { randomBytes } from 'node:crypto';

import { READER_VERSION, unpackReading } from '@parser/extraction';
import { largeUblInvoice } from '@parser/test-documents';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { openDatabase } from '../src/db/client.js';
import { jsonb } from '../src/db/json.js';
import { migrate } from '../src/db/migrate.js';
import { FilesRepository } from '../src/modules/files/files.repository.js';
import { PipelinesRepository } from '../src/modules/pipelines/pipelines.repository.js';

import { uploadDocument } from './build-test-app.js';
import { company } from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

describe('readings kept packed', () => {
  const t = testAppPerFile();

  it('keeps a large reading gzipped, many times smaller than its JSON, and reads it back whole', async () => {
    const admin = await company(t.app);
    const invoice = largeUblInvoice(2_000);
    const fileId = await uploadDocument(t.app, admin.headers, {
      bytes: invoice.bytes,
      fileName: 'long.xml',
    });

    const layer = await t.app.inject({
      method: 'POST',
      url: '/api/vision/textlayer',
      headers: admin.headers,
      payload: { fileId },
    });
    expect(layer.statusCode).toBe(200);

    const kept = await t.db
      .selectFrom('fileReadings')
      .select(['packed', 'reading', 'pageSizes'])
      .where('fileId', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(kept.reading).toBeNull();
    const reading = await unpackReading(kept.packed!);
    const json = JSON.stringify(reading);
    expect(kept.packed!.length * 8).toBeLessThan(json.length);
    const pages = layer.json<{ pages: { number: number; width: number; height: number }[] }>()
      .pages;
    expect(pages.length).toBeGreaterThan(10);
    expect(reading.pages.map((page) => page.number)).toEqual(pages.map((page) => page.number));
    expect(kept.pageSizes).toEqual(
      pages.map(({ number, width, height }) => ({ number, width, height })),
    );
  });
});

describe('readings kept before they were packed', () => {
  it('stay readable after the upgrade, with their page sizes for highlights', async () => {
    const postgresUrl = process.env.TEST_DATABASE_URL;
    const schema = postgresUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
    const handle = await openDatabase({ url: postgresUrl ?? 'memory://', schema });
    try {
      await migrate(handle.db, { before: '0019_packed_readings.sql' });
      const tenant = await handle.db
        .insertInto('tenants')
        .values({ name: 'Older Co' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const file = await sql<{ id: string }>`
        INSERT INTO files (tenant_id, storage_key, original_filename, content_type, format,
                           size_bytes, sha256, pages)
        VALUES (${tenant.id}, 'k', 'two-pages.pdf', 'application/pdf', 'pdf', 10, 'x', 2)
        RETURNING id`.execute(handle.db);
      const fileId = file.rows[0]!.id;
      const oldReading = {
        format: 'pdf',
        text: 'Invoice 7\nPage two',
        pages: [
          { number: 1, width: 595.28, height: 841.89, method: 'text_layer', words: [], lines: [] },
          { number: 2, width: 612, height: 792, method: 'ocr', words: [], lines: [] },
        ],
      };
      await sql`
        INSERT INTO file_readings (file_id, tenant_id, reader_version, reading)
        VALUES (${fileId}, ${tenant.id}, ${READER_VERSION}, ${jsonb(oldReading)})`.execute(
        handle.db,
      );

      expect(await migrate(handle.db)).toContain('0019_packed_readings.sql');

      const kept = await new FilesRepository(handle.db).findReading(
        tenant.id,
        fileId,
        READER_VERSION,
      );
      expect(kept).toEqual({ packed: null, reading: oldReading });
      expect(await new PipelinesRepository(handle.db).pageSizes(fileId)).toEqual([
        { number: 1, width: 595.28, height: 841.89 },
        { number: 2, width: 612, height: 792 },
      ]);
    } finally {
      if (schema) await sql.raw(`DROP SCHEMA "${schema}" CASCADE`).execute(handle.db);
      await handle.close();
    }
  });
});
