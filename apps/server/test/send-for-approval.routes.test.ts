import type { PipelinePage, QueuePosition } from '@parser/contracts';
import { invoicePdf } from '@parser/test-documents';
import { describe, expect, it } from 'vitest';

import {
  company,
  createInvoiceType,
  decide,
  getReview,
  type Headers,
  inviteMember,
  processDocuments,
  submitReview,
} from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

// Checks of the test values are not what these tests are about: the approver confirms them.
const approve = (headers: Headers, id: string) =>
  decide(t.app, headers, id, { action: 'approve', notes: '', confirm_failed_checks: true });

const approvalQueue = async (headers: Headers) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/pipelines/pending-approval',
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<PipelinePage>().items.map((item) => item.pipeline_id);
};

const queuePosition = async (headers: Headers, id: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/pipelines/${id}/queue-position`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<QueuePosition>();
};

/** A company with an admin and a member, and `count` invoices submitted by the admin. */
async function invoicesAtApproval(count: number) {
  const admin = await company(t.app);
  const member = await inviteMember(t.app, admin);
  const typeId = await createInvoiceType(t.app, admin.headers);
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const document = await invoicePdf({ invoiceNumber: `INV-${index}` });
    const { pipelineIds } = await processDocuments(t, admin.headers, typeId, [
      { bytes: document.bytes, fileName: `invoice-${index}.pdf` },
    ]);
    await submitReview(t.app, admin.headers, pipelineIds[0]!);
    ids.push(pipelineIds[0]!);
  }
  return { admin, member, ids };
}

describe('POST /api/pipelines/:id/approval send_for_approval', () => {
  it("moves the document from the sender's approval queue to the assignee's, with the note", async () => {
    const { admin, member, ids } = await invoicesAtApproval(2);
    const [older, sent] = ids as [string, string];
    expect(await approvalQueue(admin.headers)).toEqual([sent, older]);

    const response = await decide(t.app, admin.headers, sent, {
      action: 'send_for_approval',
      assign_to_user_id: member.uid,
      notes: 'Please check the VAT number',
    });
    expect(response.statusCode).toBe(200);

    expect(await approvalQueue(admin.headers)).toEqual([older]);
    expect(await approvalQueue(member.headers)).toEqual([sent, older]);
    // 'Approve & next' on the sender's other document finds nothing sent away.
    expect(await queuePosition(admin.headers, older)).toMatchObject({
      position: 1,
      total: 1,
      previous_id: null,
    });

    const record = await getReview(t.app, member.headers, sent);
    expect(record.assigned_to).toEqual({ id: member.uid, email: member.email });
    expect(record.sent_by).toBe(admin.uid);
    expect(record.history.at(-1)).toMatchObject({
      kind: 'assigned',
      data: { notes: 'Please check the VAT number' },
    });
  });

  it('answers 403 SELF_APPROVAL when the sender approves, and lets the assignee approve', async () => {
    const { admin, member, ids } = await invoicesAtApproval(1);
    const [id] = ids as [string];
    await decide(t.app, admin.headers, id, {
      action: 'send_for_approval',
      assign_to_user_id: member.uid,
    });

    const own = await approve(admin.headers, id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'SELF_APPROVAL' });
    expect(own.json<{ detail: string }>().detail).toMatch(/theirs to approve/);
    expect((await getReview(t.app, admin.headers, id)).current_step).toBe('approval');

    const assignee = await approve(member.headers, id);
    expect(assignee.statusCode).toBe(200);
    expect((await getReview(t.app, admin.headers, id)).current_step).toBe('completed');
  });

  it('lets the sender still reject the document', async () => {
    const { admin, member, ids } = await invoicesAtApproval(1);
    const [id] = ids as [string];
    await decide(t.app, admin.headers, id, {
      action: 'send_for_approval',
      assign_to_user_id: member.uid,
    });
    const rejected = await decide(t.app, admin.headers, id, {
      action: 'reject',
      notes: 'Wrong type',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await getReview(t.app, admin.headers, id)).current_step).toBe('human_review');
  });

  it('keeps the document with the sender when the company allows it', async () => {
    const { admin, member, ids } = await invoicesAtApproval(1);
    const [id] = ids as [string];
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/company/settings',
      headers: admin.headers,
      payload: { sender_keeps_sent_documents: true },
    });
    expect(settings.json()).toMatchObject({ sender_keeps_sent_documents: true });
    await decide(t.app, admin.headers, id, {
      action: 'send_for_approval',
      assign_to_user_id: member.uid,
    });

    expect(await approvalQueue(admin.headers)).toEqual([id]);
    const own = await approve(admin.headers, id);
    expect(own.statusCode).toBe(200);
  });
});
