import { damagedWordDoc, legacyWordDoc, repeatedTextDoc } from '@parser/test-documents';
import { describe, expect, it } from 'vitest';

import { uploadFile } from './build-test-app.js';
import { company, createInvoiceType, extractionOutcome } from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile({ AUTH_RATE_LIMIT_PER_IP: '1000' });

const MB = 1024 * 1024;

const upload = (headers: Record<string, string>, bytes: Uint8Array, fileName: string) =>
  uploadFile(t.app, headers, { bytes, fileName });

describe('legacy Word (.doc) documents', () => {
  it('reads a .doc: its pages at upload, its text in the text layer, extraction goes on', async () => {
    const admin = await company(t.app);
    const docTypeId = await createInvoiceType(t.app, admin.headers);
    const doc = legacyWordDoc(['Invoice INV-2041', 'Bill to: Harbour Supplies', 'Total 120.00']);

    const stored = await upload(admin.headers, doc.bytes, 'invoice.doc');
    expect(stored).toMatchObject({ pages: 1, error: null });
    const layer = await t.app.inject({
      method: 'POST',
      url: '/api/vision/textlayer',
      headers: admin.headers,
      payload: { fileId: stored.fileId },
    });
    expect(layer.statusCode).toBe(200);
    expect(layer.json<{ pages: { text: string }[] }>().pages[0]!.text).toBe(
      'Invoice INV-2041\nBill to: Harbour Supplies\nTotal 120.00',
    );
    const pipeline = await extractionOutcome(t, admin.headers, docTypeId, stored.fileId);
    expect(pipeline.currentStep).not.toBe('failed');
    expect(pipeline.failureReason).toBeNull();
  });

  it('refuses a small .doc holding far more text than the limit, and its pipeline fails with that reason', async () => {
    const admin = await company(t.app);
    const docTypeId = await createInvoiceType(t.app, admin.headers);
    const run = 'Invoice 42 '.repeat(6000) + '\r';
    // 200 million characters as a reader follows its pieces, from a file of a few hundred KB.
    const hostile = repeatedTextDoc(run, Math.ceil(200_000_000 / run.length));
    expect(hostile.bytes.length).toBeLessThan(1 * MB);
    const before = process.memoryUsage().rss;

    const stored = await upload(admin.headers, hostile.bytes, 'statement.doc');

    const reason =
      'The Word document holds more text than the 5 million characters (about 1,500 pages) a ' +
      'document may have; split it into smaller documents and upload them one by one.';
    expect(stored).toMatchObject({ pages: 0, error: reason });
    expect(await extractionOutcome(t, admin.headers, docTypeId, stored.fileId)).toEqual({
      currentStep: 'failed',
      failureReason: reason,
    });
    // The text it describes was never built.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
  });

  it('keeps a damaged .doc with the reason, and its pipeline fails with it', async () => {
    const admin = await company(t.app);
    const docTypeId = await createInvoiceType(t.app, admin.headers);

    const stored = await upload(admin.headers, damagedWordDoc(['Invoice 42']).bytes, 'old.doc');

    const reason = 'The Word document is damaged and cannot be read.';
    expect(stored).toMatchObject({ pages: 0, error: reason });
    expect(await extractionOutcome(t, admin.headers, docTypeId, stored.fileId)).toEqual({
      currentStep: 'failed',
      failureReason: reason,
    });
  });
});
