import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { invoicePdf } from '@parser/test-documents';
import { describe, expect, it } from 'vitest';

import { sweepOrphanBlobs } from '../src/storage/orphan-blob-sweeper.js';
import { uploadDocument } from './build-test-app.js';
import { company } from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile({ AUTH_RATE_LIMIT_PER_IP: '1000' });

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 3_600_000);

/** Makes a stored file look as if it was written two hours ago (left by an earlier process). */
const age = (key: string) => utimes(path.join(t.storage.root, key), TWO_HOURS_AGO, TWO_HOURS_AGO);

const storedFiles = async (tenantId: string) =>
  (await readdir(path.join(t.storage.root, tenantId))).sort();

describe('sweeping stored content after a crash', () => {
  it('removes old partial writes and blobs no row points to, never a blob a file uses', async () => {
    const admin = await company(t.app);
    const invoice = await invoicePdf();
    const fileId = await uploadDocument(t.app, admin.headers, invoice);
    await age(`${admin.tenantId}/${fileId}`);

    // What a kill -9 leaves: bytes stored before the row was inserted, and a write cut short.
    const orphan = `${admin.tenantId}/0b0e7a57-0000-4000-8000-000000000001`;
    await t.storage.put(orphan, Buffer.from('stored, never recorded'));
    await age(orphan);
    const partial = `${admin.tenantId}/0b0e7a57-0000-4000-8000-000000000002.a1b2c3d4e5f6.tmp`;
    await writeFile(path.join(t.storage.root, partial), 'half a file');
    await age(partial);
    // The same, but from a moment ago: possibly an upload still under way, so it stays.
    const recent = `${admin.tenantId}/0b0e7a57-0000-4000-8000-000000000003`;
    await t.storage.put(recent, Buffer.from('being recorded right now'));
    const writing = `${admin.tenantId}/0b0e7a57-0000-4000-8000-000000000004.0123456789ab.tmp`;
    await writeFile(path.join(t.storage.root, writing), 'still being written');

    const swept = await sweepOrphanBlobs({ storage: t.storage, db: t.db, logger: t.app.log });

    expect(swept).toEqual({ unfinishedWrites: 1, orphans: 1 });
    expect(await storedFiles(admin.tenantId)).toEqual(
      [fileId, path.basename(recent), path.basename(writing)].sort(),
    );
    // The document a row points to still opens.
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}/view`,
      headers: admin.headers,
    });
    expect(view.statusCode).toBe(200);
    expect(view.rawPayload.equals(Buffer.from(invoice.bytes))).toBe(true);

    expect(await sweepOrphanBlobs({ storage: t.storage, db: t.db, logger: t.app.log })).toEqual({
      unfinishedWrites: 0,
      orphans: 0,
    });
  });
});
