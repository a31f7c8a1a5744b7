import { blankPng, paddedDocx } from '@parser/test-documents';
import { describe, expect, it } from 'vitest';

import { uploadFile } from './build-test-app.js';
import { company, createInvoiceType, extractionOutcome } from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile({ AUTH_RATE_LIMIT_PER_IP: '1000' });

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

    expect(await extractionOutcome(t, admin.headers, docTypeId, stored.fileId)).toEqual({
      currentStep: 'failed',
      failureReason: reason,
    });
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
