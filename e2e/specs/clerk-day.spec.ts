import { invoicePdf } from '@parser/test-documents';

import {
  type Api,
  EXTRACTION_ONLY,
  PASSWORD,
  type SeededUser,
  uniqueEmail,
} from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { field, loginViaUi, pathOf, text, visible, waitForPath } from '../support/ui.js';

interface PipelinePage {
  items: { pipeline_id: string; original_filename: string }[];
}

const pendingReview = (api: Api, user: SeededUser) =>
  api.call<PipelinePage>('GET', '/api/pipelines/pending-review', undefined, user.access_token);

/** Invoices uploaded one after the other and taken to review; answers the pending list. */
async function invoicesInReview(api: Api, admin: SeededUser, typeId: string, names: string[]) {
  for (const [index, fileName] of names.entries()) {
    const invoice = await invoicePdf({ invoiceNumber: `INV-${700 + index}` });
    await api.process(admin, typeId, [{ fileName, bytes: invoice.bytes }]);
  }
  await expect
    .poll(async () => (await pendingReview(api, admin)).items.length, { timeout: 60_000 })
    .toBe(names.length);
  return (await pendingReview(api, admin)).items;
}

interface ReviewRecord {
  version: number;
  schema: { fields: { key: string }[]; tables: { key: string; columns: { key: string }[] }[] };
  extracted_data: {
    fields: Record<string, { value: unknown }>;
    tables: Record<string, { rows: Record<string, { value: unknown }>[] }>;
  };
}

/** Submits the review with the engine's values unchanged, as a reviewer accepting them would. */
async function submitAsExtracted(api: Api, user: SeededUser, id: string) {
  const path = `/api/pipelines/${id}/review`;
  const record = await api.call<ReviewRecord>('GET', path, undefined, user.access_token);
  const fields = Object.fromEntries(
    record.schema.fields.map((f) => [f.key, record.extracted_data.fields[f.key]?.value ?? null]),
  );
  const tables = Object.fromEntries(
    record.schema.tables.map((t) => [
      t.key,
      (record.extracted_data.tables[t.key]?.rows ?? []).map((row) =>
        Object.fromEntries(t.columns.map((c) => [c.key, row[c.key]?.value ?? null])),
      ),
    ]),
  );
  await api.call(
    'POST',
    path,
    { reviewed_data: { fields, tables }, version: record.version, action: 'submit' },
    user.access_token,
  );
}

const setSettings = (api: Api, admin: SeededUser, settings: Record<string, unknown>) =>
  api.call('PUT', '/api/company/settings', settings, admin.access_token);

test.describe("the clerk's day", () => {
  test('works through the review queue with Submit & next, guarding unsaved edits', async ({
    page,
    api,
  }) => {
    const admin = await api.signUp(uniqueEmail('clerk'), PASSWORD, 'Acme Ltd');
    const typeId = await api.createInvoiceType(admin, EXTRACTION_ONLY);
    const queue = await invoicesInReview(api, admin, typeId, [
      'first.pdf',
      'second.pdf',
      'third.pdf',
    ]);
    const [newest, middle] = queue as [PipelinePage['items'][0], PipelinePage['items'][0]];
    await loginViaUi(page, admin.email, PASSWORD);

    await page.goto(`/review/${newest.pipeline_id}`);
    await visible(text(page, '1 of 3 to review'));

    // The shortcut list opens with '?' once focus is outside a text box.
    await page.getByRole('heading', { name: 'Review Document' }).click();
    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await visible(shortcuts.getByText('Open the next document of the queue'));
    await page.keyboard.press('Escape');

    // An edit not saved holds the way to the next document.
    await field(page, 'PO Number').fill('PO-42');
    await page.getByRole('button', { name: 'Next document' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(pathOf(page)).toBe(`/review/${newest.pipeline_id}`);

    // Submit & next saves it and opens the next one of the queue.
    await page.getByRole('button', { name: 'Submit & next' }).click();
    await waitForPath(page, `/review/${middle.pipeline_id}`);
    await visible(text(page, '1 of 2 to review'));
    const submitted = await api.call<{ current_step: string; reviewed_data: { fields: object } }>(
      'GET',
      `/api/pipelines/${newest.pipeline_id}/review`,
      undefined,
      admin.access_token,
    );
    expect(submitted.current_step).toBe('approval');
    expect(submitted.reviewed_data.fields).toMatchObject({ po_number: 'PO-42' });
  });

  test('keeps the submitter from approving when the company wants someone else to', async ({
    page,
    api,
  }) => {
    const admin = await api.signUp(uniqueEmail('four'), PASSWORD, 'Acme Ltd');
    const typeId = await api.createInvoiceType(admin, EXTRACTION_ONLY);
    const [only] = await invoicesInReview(api, admin, typeId, ['self.pdf']);
    await setSettings(api, admin, { allow_self_approval: false });
    await loginViaUi(page, admin.email, PASSWORD);

    await page.goto(`/review/${only!.pipeline_id}`);
    await field(page, 'Review Notes').fill('Checked against PO 7781');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const decision = page.getByRole('form', { name: 'Approval Decision' });
    await visible(decision.getByText('Someone else approves this'));
    expect(await decision.getByRole('button', { name: 'Approve', exact: true }).isDisabled()).toBe(
      true,
    );
    await visible(text(page, 'Checked against PO 7781'));
  });

  test('approves with Approve & next, without the ZIP when the company turned it off', async ({
    page,
    api,
  }) => {
    const admin = await api.signUp(uniqueEmail('approve'), PASSWORD, 'Acme Ltd');
    const typeId = await api.createInvoiceType(admin, EXTRACTION_ONLY);
    const [newest, older] = (await invoicesInReview(api, admin, typeId, ['a.pdf', 'b.pdf'])) as [
      PipelinePage['items'][0],
      PipelinePage['items'][0],
    ];
    for (const { pipeline_id: id } of [older, newest]) await submitAsExtracted(api, admin, id);
    await setSettings(api, admin, { download_zip_on_approval: false });
    const exportRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/export')) exportRequests.push(request.url());
    });
    await loginViaUi(page, admin.email, PASSWORD);

    await page.goto(`/review/${newest.pipeline_id}`);
    await visible(text(page, '1 of 2 to approve'));
    await page.getByRole('button', { name: 'Approve & next' }).click();
    await waitForPath(page, `/review/${older.pipeline_id}`);
    await visible(text(page, '1 of 1 to approve'));
    const approved = await api.call<{ current_step: string }>(
      'GET',
      `/api/pipelines/${newest.pipeline_id}/review`,
      undefined,
      admin.access_token,
    );
    expect(approved.current_step).toBe('completed');
    expect(exportRequests).toEqual([]);
  });

  test('returns a signed-out visitor to the review link after signing in', async ({
    page,
    api,
  }) => {
    const admin = await api.signUp(uniqueEmail('link'), PASSWORD, 'Acme Ltd');
    const typeId = await api.createInvoiceType(admin, EXTRACTION_ONLY);
    const [only] = await invoicesInReview(api, admin, typeId, ['linked.pdf']);

    await page.goto(`/review/${only!.pipeline_id}`);
    await waitForPath(page, '/');
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await page.getByLabel(/^\s*Email/).fill(admin.email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page, `/review/${only!.pipeline_id}`);
    await visible(page.getByRole('heading', { name: 'Review Document' }));
  });
});
