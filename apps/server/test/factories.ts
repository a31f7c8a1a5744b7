import { PRESETS, type ReviewedData, type ReviewRecord } from '@parser/contracts';
import { invoicePdf, pdfBytes } from '@parser/test-documents';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

import { FilesRepository } from '../src/modules/files/files.repository.js';
import { FilesService } from '../src/modules/files/files.service.js';
import {
  bearer,
  multipart,
  signUpWithTenant,
  type TestApp,
  uploadDocument,
} from './build-test-app.js';

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

/** A one-page PDF with a text layer that prints `lines` one under another, in 12pt Helvetica. */
export async function printedLines(lines: string[], fileName = 'invoice.pdf') {
  const bytes = await pdfBytes((doc) => {
    doc.font('Helvetica').fontSize(12);
    lines.forEach((text, index) => doc.text(text, 50, 60 + index * 22, { lineBreak: false }));
  });
  return { bytes, fileName };
}

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

/** Creates one pipeline per file already uploaded (extraction queued); answers the pipeline ids. */
export async function createPipelinesOfFiles(
  app: FastifyInstance,
  headers: Headers,
  docTypeId: string,
  fileIds: string[],
): Promise<string[]> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers,
    payload: { docTypeId, files: fileIds },
  });
  expect(created.statusCode).toBe(201);
  return created.json<{ pipeline_ids: string[] }>().pipeline_ids;
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
  return { pipelineIds: await createPipelinesOfFiles(app, headers, docTypeId, fileIds), fileIds };
}

/**
 * Creates the pipeline of a file already uploaded and runs extraction; answers the step the
 * pipeline ended at and, if it failed, why.
 */
export async function extractionOutcome(
  t: TestApp,
  headers: Headers,
  docTypeId: string,
  fileId: string,
) {
  const [pipelineId] = await createPipelinesOfFiles(t.app, headers, docTypeId, [fileId]);
  await t.drainJobs();
  return t.db
    .selectFrom('pipelines')
    .select(['currentStep', 'failureReason'])
    .where('id', '=', pipelineId!)
    .executeTakeFirstOrThrow();
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

/** The engine's extracted values as review values, table rows included, as the screen starts them. */
export const extractedValues = (record: ReviewRecord): ReviewedData => ({
  fields: Object.fromEntries(
    Object.entries(record.extracted_data!.fields).map(([key, cell]) => [key, cell.value]),
  ),
  tables: Object.fromEntries(
    Object.entries(record.extracted_data!.tables).map(([key, table]) => [
      key,
      table.rows.map((row) =>
        Object.fromEntries(Object.entries(row).map(([column, cell]) => [column, cell.value])),
      ),
    ]),
  ),
});

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

/** Sends an approval decision (approve, reject, send for approval) on the pipeline as given. */
export const decide = (
  app: FastifyInstance,
  headers: Headers,
  id: string,
  payload: Record<string, unknown>,
) => app.inject({ method: 'POST', url: `/api/pipelines/${id}/approval`, headers, payload });

export const approve = (app: FastifyInstance, headers: Headers, id: string) =>
  decide(app, headers, id, { action: 'approve', notes: 'ok' });

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

/**
 * A file service over the app's database, engine and storage that waits only 1 ms for engine
 * work, so whatever needs the engine answers ENGINE_BUSY while the work goes on in the worker.
 */
export const impatientFilesService = (t: TestApp) =>
  new FilesService({
    files: new FilesRepository(t.db),
    engine: t.engine,
    storage: t.storage,
    log: t.app.log,
    jobs: t.jobs,
    readWaitMs: 1,
  });

/** Adds a knowledge document to the company's library through POST /api/rag; answers its id. */
export async function uploadKnowledge(
  app: FastifyInstance,
  headers: Headers,
  name: string,
  file: { fileName: string; bytes: Uint8Array; contentType?: string },
): Promise<string> {
  const body = multipart([
    { name: 'name', value: name },
    { name: 'file', ...file },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/rag',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}
