import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

import { invoicePdf } from '@parser/test-documents';
import type { Page } from '@playwright/test';

import {
  type Api,
  EXTRACTION_ONLY,
  PASSWORD,
  type SeededUser,
  uniqueEmail,
} from '../support/api.js';
import { expect, test as base } from '../support/fixtures.js';
import { field, loginViaUi, text, visible, waitForPath } from '../support/ui.js';

/** A customer's webhook receiver: records what it is sent and answers 200. */
interface WebhookReceiver {
  url: string;
  received: { headers: IncomingHttpHeaders; body: string }[];
}

const test = base.extend<{ receiver: WebhookReceiver }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  receiver: async ({}, use) => {
    const received: WebhookReceiver['received'] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await use({ url: `http://127.0.0.1:${port}/hooks/parser`, received });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  },
});

// The webhook receiver listens on loopback, which production refuses.
test.use({ serverEnv: { WEBHOOK_ALLOW_PRIVATE: 'true' } });

interface ReviewRecord {
  pipeline_id: string;
  version: number;
  current_step: string;
}

/** A company with an invoice type whose webhook export points at the receiver, and one document in review. */
async function documentInReview(
  api: Api,
  receiverUrl: string,
): Promise<{ admin: SeededUser; pipelineId: string }> {
  const admin = await api.signUp(uniqueEmail('exports'), PASSWORD, 'Acme Ltd');
  const typeId = await api.createInvoiceType(admin, EXTRACTION_ONLY, {
    export_formats: [{ type: 'webhook', enabled: true }],
    config: { webhook_url: receiverUrl },
  });
  const invoice = await invoicePdf({ invoiceNumber: 'INV-EXP-1' });
  const [pipelineId] = await api.process(admin, typeId, [
    { fileName: 'march.pdf', bytes: invoice.bytes },
  ]);
  await expect
    .poll(
      async () =>
        (
          await api.call<ReviewRecord>(
            'GET',
            `/api/pipelines/${pipelineId}/review`,
            undefined,
            admin.access_token,
          )
        ).current_step,
      { timeout: 30_000 },
    )
    .toBe('human_review');
  return { admin, pipelineId: pipelineId! };
}

/** Review and approval through the API, for tests whose subject is what comes after. */
async function approveViaApi(api: Api, admin: SeededUser, pipelineId: string): Promise<void> {
  const record = await api.call<
    ReviewRecord & {
      schema: { fields: { key: string }[] };
      extracted_data: { fields: Record<string, { value: unknown }> };
    }
  >('GET', `/api/pipelines/${pipelineId}/review`, undefined, admin.access_token);
  const fields = Object.fromEntries(
    record.schema.fields.map((f) => [f.key, record.extracted_data.fields[f.key]?.value ?? null]),
  );
  await api.call(
    'POST',
    `/api/pipelines/${pipelineId}/review`,
    { reviewed_data: { fields, tables: {} }, version: record.version },
    admin.access_token,
  );
  await api.call(
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

test.describe('exports', () => {
  test('downloads the ZIP right after approving a document', async ({ page, api, receiver }) => {
    const { admin, pipelineId } = await documentInReview(api, receiver.url);
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

  test('downloads every format from the Exports screen', async ({ page, api, receiver }) => {
    const { admin, pipelineId } = await documentInReview(api, receiver.url);
    await approveViaApi(api, admin, pipelineId);
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

  test('sends a document to a webhook through the modal, and refuses headers that are not JSON', async ({
    page,
    api,
    receiver,
  }) => {
    const { admin, pipelineId } = await documentInReview(api, receiver.url);
    await approveViaApi(api, admin, pipelineId);
    await loginViaUi(page, admin.email, PASSWORD);

    await page.goto('/exports');
    await exportsRow(page, 'march.pdf').getByRole('button', { name: 'Send to Webhook' }).click();
    const modal = page.getByRole('dialog', { name: 'Send to Webhook' });
    await visible(modal);
    // Prefilled from the document type's webhook setting.
    await expect.poll(() => field(modal, 'Webhook URL').inputValue()).toBe(receiver.url);

    await field(modal, 'Headers').fill('{"X-Source": ');
    await modal.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(modal.getByText('Headers must be valid JSON'));
    expect(receiver.received).toHaveLength(0);

    await field(modal, 'Headers').fill('{"X-Source": "e2e"}');
    await modal.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(text(page, '✅ Sent successfully'));
    await modal.waitFor({ state: 'hidden' });

    expect(receiver.received).toHaveLength(1);
    const delivery = receiver.received[0]!;
    expect(delivery.headers['x-source']).toBe('e2e');
    expect(delivery.headers['x-parser-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const body = JSON.parse(delivery.body) as { data: { fields: { invoice_number: string } } };
    expect(body.data.fields.invoice_number).toBe('INV-EXP-1');
  });
});
