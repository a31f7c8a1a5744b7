import type { QueuePosition } from '@parser/contracts';
import { invoicePdf } from '@parser/test-documents';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  approve,
  company,
  createInvoiceType,
  getReview,
  type Headers,
  inviteMember,
  processDocuments,
  REVIEWED_INVOICE,
  submitReview,
} from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

const queuePosition = (headers: Headers, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/pipelines/${id}/queue-position`, headers });

const setSettings = (headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/company/settings', headers, payload });

/** Invoices taken through extraction to review, one after the other (so their order is known). */
async function invoicesAtReview(headers: Headers, docTypeId: string, count: number) {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const document = await invoicePdf({ invoiceNumber: `INV-${index}` });
    const { pipelineIds } = await processDocuments(t, headers, docTypeId, [
      { bytes: document.bytes, fileName: `invoice-${index}.pdf` },
    ]);
    ids.push(pipelineIds[0]!);
  }
  return ids;
}

describe('GET /api/pipelines/:id/queue-position', () => {
  let admin: Awaited<ReturnType<typeof company>>;
  let ids: string[];
  beforeAll(async () => {
    admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    ids = await invoicesAtReview(admin.headers, typeId, 3);
    // Another type's queue and another company's documents never count.
    const otherType = await createInvoiceType(t.app, admin.headers);
    await invoicesAtReview(admin.headers, otherType, 1);
    const stranger = await company(t.app, 'Other Ltd');
    await invoicesAtReview(stranger.headers, await createInvoiceType(t.app, stranger.headers), 1);
  });

  it('places each document in the pending list order (newest first) with its neighbours', async () => {
    const [oldest, middle, newest] = ids as [string, string, string];
    const places = await Promise.all(
      [newest, middle, oldest].map(async (id) => {
        const response = await queuePosition(admin.headers, id);
        expect(response.statusCode).toBe(200);
        return response.json<QueuePosition>();
      }),
    );
    expect(places).toEqual([
      { position: 1, total: 3, previous_id: null, next_id: middle },
      { position: 2, total: 3, previous_id: newest, next_id: oldest },
      { position: 3, total: 3, previous_id: middle, next_id: null },
    ]);
  });

  it('counts only documents at the same step: a submitted one joins the approval queue', async () => {
    const [oldest, middle] = ids as [string, string, string];
    await submitReview(t.app, admin.headers, middle);
    const atApproval = (await queuePosition(admin.headers, middle)).json<QueuePosition>();
    expect(atApproval).toEqual({ position: 1, total: 1, previous_id: null, next_id: null });
    const stillInReview = (await queuePosition(admin.headers, oldest)).json<QueuePosition>();
    expect(stillInReview).toMatchObject({ position: 2, total: 2, next_id: null });
  });

  it("answers 404 for another company's document and for an unknown id", async () => {
    const stranger = await company(t.app, 'Prying Ltd');
    const foreign = await queuePosition(stranger.headers, ids[0]!);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    const unknown = await queuePosition(admin.headers, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const malformed = await queuePosition(admin.headers, 'not-an-id');
    expect(malformed.statusCode).toBe(404);
  });
});

describe('POST /api/pipelines/:id/approval when the company forbids self-approval', () => {
  it('answers 403 SELF_APPROVAL to the submitter and lets a colleague approve', async () => {
    const admin = await company(t.app);
    const member = await inviteMember(t.app, admin);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const [id] = (await invoicesAtReview(admin.headers, typeId, 1)) as [string];
    expect((await setSettings(admin.headers, { allow_self_approval: false })).statusCode).toBe(200);
    await submitReview(t.app, admin.headers, id);

    const record = await getReview(t.app, admin.headers, id);
    expect(record.submitted_by).toBe(admin.uid);

    const own = await approve(t.app, admin.headers, id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'SELF_APPROVAL' });
    expect(own.json<{ detail: string }>().detail).toMatch(/someone else to approve/);
    expect((await getReview(t.app, admin.headers, id)).current_step).toBe('approval');

    const colleague = await approve(t.app, member.headers, id);
    expect(colleague.statusCode).toBe(200);
    expect((await getReview(t.app, admin.headers, id)).current_step).toBe('completed');
  });

  it('lets the submitter approve while the setting allows it (the default)', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const [id] = (await invoicesAtReview(admin.headers, typeId, 1)) as [string];
    await submitReview(t.app, admin.headers, id);
    const own = await approve(t.app, admin.headers, id);
    expect(own.statusCode).toBe(200);
  });
});

describe('POST /api/pipelines/:id/review with empty table rows', () => {
  it('drops rows with nothing in them, so the export has no blank lines', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const [id] = (await invoicesAtReview(admin.headers, typeId, 1)) as [string];
    const items = REVIEWED_INVOICE.tables.line_items!;
    const blank = { description: '  ', qty: null, unit_price: '', amount: null };
    await submitReview(t.app, admin.headers, id, {
      ...REVIEWED_INVOICE,
      tables: { line_items: [items[0]!, blank, items[1]!, blank] },
    });

    const record = await getReview(t.app, admin.headers, id);
    expect(record.reviewed_data?.tables.line_items).toEqual(items);

    expect((await approve(t.app, admin.headers, id)).statusCode).toBe(200);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/pipelines/${id}/export?format=csv`,
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    const records: string[][] = parse(csv.body, { bom: true });
    // The header and one line per real item, none of them empty.
    expect(records).toHaveLength(1 + items.length);
    expect(
      records
        .slice(1)
        .map((line) => line.join(''))
        .every((line) => line.trim() !== ''),
    ).toBe(true);
  });
});
