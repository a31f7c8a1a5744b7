import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { Readable } from 'node:stream';

import { invoicePdf } from '@parser/test-documents';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import {
  company,
  createInvoiceType,
  createPipelines,
  createPipelinesOfFiles,
  getReview,
} from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

const NUL = '\u0000';

describe('a NUL character in a request', () => {
  const expectRefused = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: expect.stringContaining('NUL') as unknown,
    });
  };

  it('answers 400 on sign-in and sign-up, before anyone is signed in', async () => {
    for (const url of ['/auth/login', '/auth/signup']) {
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url,
          payload: { email: `ada${NUL}@example.com`, password: `pass${NUL}word-long-enough` },
        }),
      );
    }
  });

  it('answers 400 in type names, invites, key names, searches and filters', async () => {
    const admin = await company(t.app);
    const requests = [
      { method: 'POST', url: '/api/doc-types', payload: { name: `Invoices${NUL}`, fields: [] } },
      { method: 'POST', url: '/api/invites', payload: { email: `bob${NUL}@example.com` } },
      { method: 'POST', url: '/api/api-keys', payload: { name: `ci${NUL}` } },
      { method: 'POST', url: '/auth/register', payload: { tenant_name: `Acme${NUL}` } },
      { method: 'GET', url: '/api/documents/?q=%00' },
      { method: 'GET', url: '/api/pipelines/all?doc_type_id=%00' },
      { method: 'GET', url: '/api/doc-types/%00' },
    ] as const;
    for (const request of requests) {
      expectRefused(await t.app.inject({ ...request, headers: admin.headers }));
    }
    // A NUL in an object key is refused as well: keys end up in jsonb too.
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/doc-types',
        headers: admin.headers,
        payload: { name: 'Invoices', exportSettings: { config: { [`a${NUL}`]: 1 } } },
      }),
    );
  });

  it('answers 400 in review values and notes, and the stored review is unchanged', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const doc = await invoicePdf();
    const { pipelineIds } = await createPipelines(t.app, admin.headers, typeId, [
      { bytes: doc.bytes, fileName: 'invoice.pdf' },
    ]);
    await t.drainJobs();
    const id = pipelineIds[0]!;
    const before = await getReview(t.app, admin.headers, id);
    for (const payload of [
      { reviewed_data: { fields: { invoice_number: `INV${NUL}1` }, tables: {} } },
      { reviewed_data: { fields: {}, tables: {} }, review_notes: `checked${NUL}` },
    ]) {
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: `/api/pipelines/${id}/review`,
          headers: admin.headers,
          payload,
        }),
      );
    }
    expect((await getReview(t.app, admin.headers, id)).version).toBe(before.version);
  });

  it('answers 400 in the text parts of a multipart upload', async () => {
    const admin = await company(t.app);
    const boundary = 'nul-boundary';
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nprices${NUL}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="prices.csv"\r\n`,
      'Content-Type: text/csv\r\n\r\nsku,price\r\nA,1\r\n',
      `--${boundary}--\r\n`,
    ].join('');
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/rag',
        headers: {
          ...admin.headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: body,
      }),
    );
  });
});

describe('POST /api/files:upload cut off mid-body', () => {
  const boundary = 'cut-off-boundary';
  const partHead = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
  );
  const storedFor = (tenantId: string) =>
    t.db.selectFrom('files').select('id').where('tenantId', '=', tenantId).execute();

  it('answers 400 when the body ends before its closing boundary', async () => {
    const admin = await company(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/files:upload',
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from([partHead, Buffer.alloc(8 * 1024, 0x41)]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: expect.stringContaining('ended before') as unknown,
    });
    expect(await storedFor(admin.tenantId)).toEqual([]);
  });

  it('answers 400 when the client stops sending, and stores no file and no row', async () => {
    const admin = await company(t.app);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const blobsBefore = await readdir(t.storage.root, { recursive: true });
    const sent = Buffer.concat([partHead, Buffer.alloc(64 * 1024, 0x41)]);
    // The request announces a megabyte, sends 64 KB of it and stops sending.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port: Number(port) }, () => {
        socket.write(
          [
            'POST /api/files:upload HTTP/1.1',
            `Host: 127.0.0.1:${port}`,
            `Authorization: ${admin.headers.authorization}`,
            `Content-Type: multipart/form-data; boundary=${boundary}`,
            `Content-Length: ${1024 * 1024}`,
            'Connection: close',
            '',
            '',
          ].join('\r\n'),
        );
        socket.write(sent, () => socket.end());
      });
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"VALIDATION_FAILED"');
    expect(await storedFor(admin.tenantId)).toEqual([]);
    // No blob and no temporary file appeared.
    expect(await readdir(t.storage.root, { recursive: true })).toEqual(blobsBefore);
  });
});

describe('GET /api/documents/?doc_type_id=', () => {
  it('lists only the documents of that type', async () => {
    const admin = await company(t.app);
    const invoices = await createInvoiceType(t.app, admin.headers);
    const receipts = await createInvoiceType(t.app, admin.headers);
    const doc = await invoicePdf();
    await createPipelines(t.app, admin.headers, invoices, [
      { bytes: doc.bytes, fileName: 'invoice-a.pdf' },
      { bytes: doc.bytes, fileName: 'invoice-b.pdf' },
    ]);
    await createPipelines(t.app, admin.headers, receipts, [
      { bytes: doc.bytes, fileName: 'receipt.pdf' },
    ]);
    const names = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/documents/${query}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      return response
        .json<{ items: { fileName: string }[] }>()
        .items.map((item) => item.fileName)
        .sort();
    };
    expect(await names('')).toEqual(['invoice-a.pdf', 'invoice-b.pdf', 'receipt.pdf']);
    expect(await names(`?doc_type_id=${invoices}`)).toEqual(['invoice-a.pdf', 'invoice-b.pdf']);
    expect(await names(`?doc_type_id=${receipts}&q=receipt`)).toEqual(['receipt.pdf']);
    expect(await names('?doc_type_id=not-a-type')).toEqual([]);
  });

  it('shows a file sent again under another type once, with its latest pipeline', async () => {
    const admin = await company(t.app);
    const invoices = await createInvoiceType(t.app, admin.headers);
    const receipts = await createInvoiceType(t.app, admin.headers);
    const doc = await invoicePdf();
    const first = await createPipelines(t.app, admin.headers, invoices, [
      { bytes: doc.bytes, fileName: 'scan.pdf' },
    ]);
    const [latest] = await createPipelinesOfFiles(t.app, admin.headers, receipts, first.fileIds);
    const listed = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/documents/${query}`,
          headers: admin.headers,
        })
      ).json<{ items: { id: string; pipeline_id: string }[] }>().items;
    expect(await listed('')).toEqual([
      expect.objectContaining({ id: first.fileIds[0], pipeline_id: latest }),
    ]);
    expect(await listed(`?doc_type_id=${invoices}`)).toEqual([
      expect.objectContaining({ id: first.fileIds[0], pipeline_id: first.pipelineIds[0] }),
    ]);
  });
});

describe('a signed access token with a malformed claim', () => {
  const sign = (claims: Record<string, unknown>, subject?: string) => {
    let jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('parser')
      .setAudience('parser-api')
      .setIssuedAt()
      .setExpirationTime('5m');
    if (subject !== undefined) jwt = jwt.setSubject(subject);
    return jwt.sign(t.tokenSigningKey);
  };

  it('answers 401, never 500', async () => {
    const tokens = [
      await sign({ typ: 'access' }, 'not-a-uuid'),
      await sign({ typ: 'access' }, "1' OR '1'='1"),
      await sign({ typ: 'access' }),
      await sign({ typ: 'access', sub: 42 }),
      await sign({ typ: 'refresh' }, '00000000-0000-4000-8000-000000000000'),
      await sign({ typ: 'access' }, '00000000-0000-4000-8000-000000000000'),
    ];
    for (const token of tokens) {
      for (const url of ['/auth/me', '/api/doc-types']) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
    }
  });
});
