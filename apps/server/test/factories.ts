import { PRESETS, type ReviewedData, type ReviewRecord } from '@parser/contracts';
import { invoicePdf } from '@parser/test-documents';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

import { bearer, signUpWithTenant, type TestApp, uploadDocument } from './build-test-app.js';

/** Request headers as the tests send them: a bearer token and, for uploads, a content type. */
export type Headers = Record<string, string>;

let counter = 0;
/** A unique address per call, so tests sharing the database never collide. */
export const uniqueEmail = (name = 'ada') => `${name}.${++counter}.${Date.now()}@example.com`;

/** An admin with a company of their own, signed in. */
export const company = (app: FastifyInstance, name = 'Acme Ltd') =>
  signUpWithTenant(app, uniqueEmail('admin'), name);

/** A new account without a company yet, signed in. */
export async function signUp(app: FastifyInstance, email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/signup',
    payload: { email, password: 'correct horse battery' },
  });
  const tokens = response.json<{ uid: string; access_token: string }>();
  return { ...tokens, headers: bearer(tokens.access_token) };
}

/** Someone the admin invited, who signed up and joined the admin's company as a member. */
export async function inviteMember(app: FastifyInstance, admin: { headers: Headers }) {
  const email = uniqueEmail('member');
  const invite = await app.inject({
    method: 'POST',
    url: '/api/invites',
    headers: admin.headers,
    payload: { email },
  });
  const token = invite.json<{ invite_url: string }>().invite_url.split('/invite/')[1]!;
  const member = await signUp(app, email);
  const accepted = await app.inject({
    method: 'POST',
    url: `/auth/invites/${token}/accept`,
    headers: member.headers,
  });
  expect(accepted.statusCode).toBe(200);
  return { ...member, email };
}

/**
 * Reviewed values that exercise every export: commas, quotes, line breaks and non-ASCII text in
 * strings, amounts with cents, dates, an empty value and two line items.
 */
export const REVIEWED_INVOICE: ReviewedData = {
  fields: {
    invoice_number: 'INV-2024-001',
    invoice_date: '2024-03-15',
    vendor_name: 'Müller & Söhne, "Büro"\nZweigstelle Nord',
    bill_to: 'Café Zoë; 東京支社',
    subtotal: 1234.5,
    tax: 98.76,
    total: 1333.26,
    po_number: null,
    due_date: '2024-04-14',
  },
  tables: {
    line_items: [
      { description: 'Widget, large "XL"', qty: 2, unit_price: 600, amount: 1200 },
      { description: 'Ünïcode ✓ service\nsecond line', qty: 1.5, unit_price: 23, amount: 34.5 },
    ],
  },
};

/** Creates a document type from the body the wizard sends; answers its id. */
export async function createDocType(
  app: FastifyInstance,
  headers: Headers,
  body: Record<string, unknown>,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/doc-types',
    headers,
    payload: body,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

/**
 * An invoice document type from the preset; `exportSettings` as the wizard sends them. Only the
 * extraction agent runs unless `agents` turns data entry or reconciliation on.
 */
export async function createInvoiceType(
  app: FastifyInstance,
  headers: Headers,
  exportSettings: Record<string, unknown> = {},
  agents = { data_entry: false, recon: false },
): Promise<string> {
  return createDocType(app, headers, {
    name: 'Supplier invoices',
    presetKey: 'invoice',
    fields: PRESETS.invoice.fields,
    tables: PRESETS.invoice.tables,
    agentsEnabled: { extract: true, ...agents },
    exportSettings,
  });
}

/** Uploads the documents and creates one pipeline per file (extraction queued); answers the ids. */
export async function createPipelines(
  app: FastifyInstance,
  headers: Headers,
  docTypeId: string,
  documents: { bytes: Uint8Array; fileName: string }[],
) {
  const fileIds: string[] = [];
  for (const document of documents) fileIds.push(await uploadDocument(app, headers, document));
  const created = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers,
    payload: { docTypeId, files: fileIds },
  });
  expect(created.statusCode).toBe(201);
  return { pipelineIds: created.json<{ pipeline_ids: string[] }>().pipeline_ids, fileIds };
}

/** Uploads the documents, creates their pipelines and runs the worker until all jobs are done. */
export async function processDocuments(
  t: TestApp,
  headers: Headers,
  docTypeId: string,
  documents: { bytes: Uint8Array; fileName: string }[],
  { drain = true } = {},
) {
  const created = await createPipelines(t.app, headers, docTypeId, documents);
  if (drain) await t.drainJobs();
  return created;
}

/** Uploads a generated invoice and creates its pipeline; answers the ids (extraction queued). */
export async function uploadInvoice(
  app: FastifyInstance,
  headers: Headers,
  docTypeId: string,
  fileName = 'invoice.pdf',
) {
  const document = await invoicePdf();
  const { pipelineIds, fileIds } = await createPipelines(app, headers, docTypeId, [
    { bytes: document.bytes, fileName },
  ]);
  return { pipelineId: pipelineIds[0]!, fileId: fileIds[0]!, bytes: document.bytes };
}

export async function getReview(app: FastifyInstance, headers: Headers, id: string) {
  const response = await app.inject({ method: 'GET', url: `/api/pipelines/${id}/review`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<ReviewRecord>();
}

/** Submits the review with these values: the document moves on to approval. */
export async function submitReview(
  app: FastifyInstance,
  headers: Headers,
  id: string,
  values: ReviewedData = REVIEWED_INVOICE,
) {
  const record = await getReview(app, headers, id);
  const response = await app.inject({
    method: 'POST',
    url: `/api/pipelines/${id}/review`,
    headers,
    payload: { reviewed_data: values, version: record.version, action: 'submit' },
  });
  expect(response.statusCode).toBe(200);
}

export function approve(app: FastifyInstance, headers: Headers, id: string) {
  return app.inject({
    method: 'POST',
    url: `/api/pipelines/${id}/approval`,
    headers,
    payload: { action: 'approve', notes: 'ok' },
  });
}

/**
 * An invoice taken through extraction, review (with REVIEWED_INVOICE) and approval. Queued jobs
 * the approval adds (webhook deliveries) are left queued.
 */
export async function approvedInvoice(
  t: TestApp,
  headers: Headers,
  docTypeId: string,
  fileName = 'invoice.pdf',
) {
  const uploaded = await uploadInvoice(t.app, headers, docTypeId, fileName);
  await t.drainJobs();
  await submitReview(t.app, headers, uploaded.pipelineId);
  const approval = await approve(t.app, headers, uploaded.pipelineId);
  expect(approval.statusCode).toBe(200);
  return uploaded;
}
