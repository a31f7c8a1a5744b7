import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { PRESETS } from '@parser/contracts';
import { invoicePdf } from '@parser/test-documents';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  callApi,
  PASSWORD,
  type SeededUser,
  signUpViaApi,
  uniqueEmail,
  uploadFileViaApi,
} from '../support/api.js';
import { useE2E, waitForPath } from '../support/harness.js';
import { field, loginViaUi, text, visible } from '../support/ui.js';

// The webhook receiver of these tests listens on loopback, which production refuses.
const e2e = useE2E({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });

/** A customer's webhook receiver: records what it is sent and answers 200. */
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/parser`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

interface ReviewRecord {
  pipeline_id: string;
  version: number;
  current_step: string;
}

/** A company with an invoice type whose webhook export points at the receiver, and one document in review. */
async function documentInReview(): Promise<{ admin: SeededUser; pipelineId: string }> {
  const base = e2e().baseUrl;
  const admin = await signUpViaApi(base, uniqueEmail('exports'), PASSWORD, 'Acme Ltd');
  const type = await callApi<{ id: string }>(
    base,
    'POST',
    '/api/doc-types',
    {
      name: 'Supplier invoices',
      presetKey: 'invoice',
      fields: PRESETS.invoice.fields,
      tables: PRESETS.invoice.tables,
      agentsEnabled: { extract: true, data_entry: false, recon: false },
      exportSettings: {
        export_formats: [{ type: 'webhook', enabled: true }],
        config: { webhook_url: receiverUrl },
      },
    },
    admin.access_token,
  );
  const invoice = await invoicePdf({ invoiceNumber: 'INV-EXP-1' });
  const fileId = await uploadFileViaApi(base, admin, 'march.pdf', invoice.bytes);
  const upload = await callApi<{ pipeline_ids: string[] }>(
    base,
    'POST',
    '/api/uploads',
    { docTypeId: type.id, files: [fileId] },
    admin.access_token,
  );
  const pipelineId = upload.pipeline_ids[0]!;
  await expect
    .poll(
      async () =>
        (
          await callApi<ReviewRecord>(
            base,
            'GET',
            `/api/pipelines/${pipelineId}/review`,
            undefined,
            admin.access_token,
          )
        ).current_step,
      { timeout: 30_000 },
    )
    .toBe('human_review');
  return { admin, pipelineId };
}

/** Review and approval through the API, for tests whose subject is what comes after. */
async function approveViaApi(admin: SeededUser, pipelineId: string): Promise<void> {
  const base = e2e().baseUrl;
  const record = await callApi<
    ReviewRecord & {
      schema: { fields: { key: string }[] };
      extracted_data: { fields: Record<string, { value: unknown }> };
    }
  >(base, 'GET', `/api/pipelines/${pipelineId}/review`, undefined, admin.access_token);
  const fields = Object.fromEntries(
    record.schema.fields.map((f) => [f.key, record.extracted_data.fields[f.key]?.value ?? null]),
  );
  await callApi(
    base,
    'POST',
    `/api/pipelines/${pipelineId}/review`,
    { reviewed_data: { fields, tables: {} }, version: record.version },
    admin.access_token,
  );
  await callApi(
    base,
    'POST',
    `/api/pipelines/${pipelineId}/approval`,
    { action: 'approve', notes: '' },
    admin.access_token,
  );
}

/** Clicks a button and answers the name of the file the browser downloads. */
async function downloadedName(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download.suggestedFilename();
}

const exportsRow = (page: Page, fileName: string) =>
  page
    .getByRole('table', { name: 'Approved documents' })
    .getByRole('row')
    .filter({ hasText: fileName });

describe('exports', () => {
  it('downloads the ZIP right after approving a document', async () => {
    const { page } = await e2e().newUser();
    const { admin, pipelineId } = await documentInReview();
    await loginViaUi(page, admin.email, PASSWORD);

    await page.goto(`/review/${pipelineId}`);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const decision = page.getByRole('form', { name: 'Approval Decision' });
    await visible(decision);
    const name = await downloadedName(page, () =>
      decision.getByRole('button', { name: 'Approve' }).click(),
    );
    expect(name).toBe(`exports_${pipelineId}.zip`);
    await waitForPath(page, '/dashboard');
  });

  it('downloads every format from the Exports screen', async () => {
    const { page } = await e2e().newUser();
    const { admin, pipelineId } = await documentInReview();
    await approveViaApi(admin, pipelineId);
    await loginViaUi(page, admin.email, PASSWORD);

    await page.goto('/exports');
    await visible(text(page, 'Approved Documents'));
    const row = exportsRow(page, 'march.pdf');
    await visible(row);
    const names = [];
    for (const button of ['Download', 'JSON', 'CSV', 'Excel']) {
      names.push(
        await downloadedName(page, () =>
          row.getByRole('button', { name: button, exact: true }).click(),
        ),
      );
    }
    expect(names).toEqual([
      `exports_${pipelineId}.zip`,
      `export_${pipelineId}.json`,
      `export_${pipelineId}.csv`,
      `export_${pipelineId}.xlsx`,
    ]);
  });

  it('sends a document to a webhook through the modal, and refuses headers that are not JSON', async () => {
    const { page } = await e2e().newUser();
    const { admin, pipelineId } = await documentInReview();
    await approveViaApi(admin, pipelineId);
    await loginViaUi(page, admin.email, PASSWORD);

    await page.goto('/exports');
    await exportsRow(page, 'march.pdf').getByRole('button', { name: 'Send to Webhook' }).click();
    const modal = page.getByRole('dialog', { name: 'Send to Webhook' });
    await visible(modal);
    // Prefilled from the document type's webhook setting.
    await expect.poll(() => field(modal, 'Webhook URL').inputValue()).toBe(receiverUrl);

    await field(modal, 'Headers').fill('{"X-Source": ');
    await modal.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(modal.getByText('Headers must be valid JSON'));
    expect(received).toHaveLength(0);

    await field(modal, 'Headers').fill('{"X-Source": "e2e"}');
    await modal.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(text(page, '✅ Sent successfully'));
    await modal.waitFor({ state: 'hidden' });

    expect(received).toHaveLength(1);
    const delivery = received[0]!;
    expect(delivery.headers['x-source']).toBe('e2e');
    expect(delivery.headers['x-parser-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const body = JSON.parse(delivery.body) as { data: { fields: { invoice_number: string } } };
    expect(body.data.fields.invoice_number).toBe('INV-EXP-1');
  });
});
