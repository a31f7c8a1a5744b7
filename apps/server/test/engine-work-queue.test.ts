import { receiptImage, scannedInvoicePdf, textPdf } from '@parser/test-documents';
import { describe, expect, it } from 'vitest';

import { AppError } from '../src/lib/app-error.js';
import { multipart, uploadDocument } from './build-test-app.js';
import { company, createInvoiceType, createPipelines, impatientFilesService } from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile({ AUTH_RATE_LIMIT_PER_IP: '1000' });

const jobsNamed = (name: string) =>
  t.db.selectFrom('jobs').select(['lane', 'status']).where('name', '=', name).execute();

describe('engine work on the job queue', () => {
  it('extracts a 10-page PDF uploaded with six one-page PDFs, and answers a text layer meanwhile', async () => {
    const admin = await company(t.app);
    const docTypeId = await createInvoiceType(t.app, admin.headers);
    const report = await textPdf(Array.from({ length: 10 }, (_, i) => `Statement page ${i + 1}`));
    const singles = await Promise.all(
      Array.from({ length: 6 }, (_, i) => textPdf([`Receipt ${i + 1}`])),
    );
    const { pipelineIds, fileIds } = await createPipelines(t.app, admin.headers, docTypeId, [
      { bytes: report.bytes, fileName: 'statement.pdf' },
      ...singles.map((single, i) => ({ bytes: single.bytes, fileName: `receipt-${i + 1}.pdf` })),
    ]);

    // Seven extractions wait in the background lane; a person's request does not wait behind them.
    const layer = await t.app.inject({
      method: 'POST',
      url: '/api/vision/textlayer',
      headers: admin.headers,
      payload: { fileId: fileIds[0] },
    });
    expect(layer.statusCode).toBe(200);
    const pages = layer.json<{ pages: { text: string }[] }>().pages;
    expect(pages.map((page) => page.text)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Statement page ${i + 1}`),
    );
    expect(await jobsNamed('file.read')).toEqual([{ lane: 'interactive', status: 'succeeded' }]);

    await t.drainJobs();
    const steps = await t.db
      .selectFrom('pipelines')
      .select(['id', 'currentStep'])
      .where('id', 'in', pipelineIds)
      .execute();
    expect(steps).toHaveLength(7);
    expect(steps.filter((row) => row.currentStep === 'failed')).toEqual([]);
    const readings = await t.db
      .selectFrom('fileReadings')
      .select(['fileId', 'pageSizes'])
      .where('fileId', 'in', fileIds)
      .execute();
    const pagesOf = (fileId: string) => readings.find((row) => row.fileId === fileId)?.pageSizes;
    expect(pagesOf(fileIds[0]!)).toHaveLength(10);
    for (const fileId of fileIds.slice(1)) expect(pagesOf(fileId)).toHaveLength(1);
  });

  it('answers a missing file through the queue as it did in the request: 404', async () => {
    const admin = await company(t.app);
    const report = await textPdf(['Only page']);
    const fileId = await uploadDocument(t.app, admin.headers, { ...report, fileName: 'a.pdf' });
    const row = await t.db
      .selectFrom('files')
      .select('storageKey')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    await t.storage.delete(row.storageKey);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/files/${fileId}/extract`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      detail: 'The content of this file is no longer stored',
    });
  });

  it('answers 503 ENGINE_BUSY when the reading outlasts the wait, and keeps it for the next request', async () => {
    const admin = await company(t.app);
    const { invoice, ...scan } = await scannedInvoicePdf({ invoiceNumber: 'INV-5150' });
    const fileId = await uploadDocument(t.app, admin.headers, scan);
    const impatient = impatientFilesService(t);
    const error = await impatient.awaitReading(admin.tenantId, fileId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'ENGINE_BUSY', statusCode: 503 });

    // The OCR run went on in the worker; the route answers from it.
    await expect
      .poll(
        async () =>
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/vision/textlayer',
              headers: admin.headers,
              payload: { fileId },
            })
          ).json<{ pages: { text: string }[] }>().pages[0]?.text ?? '',
        { timeout: 60_000, interval: 500 },
      )
      .toContain(invoice.invoiceNumber);
  });

  it('reads a scanned knowledge document on the worker, and the same file again from that reading', async () => {
    const admin = await company(t.app);
    const { receipt, ...jpeg } = await receiptImage({ format: 'jpeg', merchant: 'Quayside Deli' });
    const upload = (name: string) => {
      const body = multipart([
        { name: 'name', value: name },
        { name: 'file', fileName: 'receipt.jpg', bytes: jpeg.bytes },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/rag',
        headers: { ...admin.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const texts = async () =>
      (
        await t.db
          .selectFrom('ragDocuments')
          .select('text')
          .where('tenantId', '=', admin.tenantId)
          .execute()
      ).map((row) => row.text);

    expect((await upload('Receipt')).statusCode).toBe(201);
    expect(await jobsNamed('rag.read-text')).toEqual([
      { lane: 'interactive', status: 'succeeded' },
    ]);
    expect((await upload('Receipt again')).statusCode).toBe(201);
    // No second OCR run: the company's earlier reading of the same bytes is reused.
    expect(await jobsNamed('rag.read-text')).toHaveLength(1);
    const [first, second] = await texts();
    expect(first).toContain(receipt.merchant);
    expect(second).toBe(first);
  });
});
