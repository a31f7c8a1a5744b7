import { invoiceDocx, invoicePdf } from '@parser/test-documents';
import type { Page } from '@playwright/test';

import {
  type Api,
  EXTRACTION_ONLY,
  PASSWORD,
  type SeededUser,
  uniqueEmail,
} from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { field, loginViaUi, text, visible, waitForPath } from '../support/ui.js';

interface PipelinePage {
  items: { pipeline_id: string; original_filename: string; current_step: string }[];
}

const pipelines = (api: Api, user: SeededUser, list: string) =>
  api.call<PipelinePage>('GET', `/api/pipelines/${list}`, undefined, user.access_token);

/** Waits until the background worker has taken every document to review. */
async function untilInReview(api: Api, user: SeededUser, count: number): Promise<PipelinePage> {
  await expect
    .poll(async () => (await pipelines(api, user, 'pending-review')).items.length, {
      timeout: 30_000,
    })
    .toBe(count);
  return pipelines(api, user, 'pending-review');
}

/** Documents processed through the API, for tests whose subject is what comes after the upload. */
async function processViaApi(api: Api, admin: SeededUser, typeId: string, names: string[]) {
  const files = await Promise.all(
    names.map(async (fileName, index) => ({
      fileName,
      bytes: (await invoicePdf({ invoiceNumber: `INV-${500 + index}` })).bytes,
    })),
  );
  await api.process(admin, typeId, files);
  return untilInReview(api, admin, names.length);
}

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string) {
  // The option list is labelled by the same label as the input: click the input itself.
  await page.locator('input').and(field(page, label)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('the document flow', () => {
  test('uploads three invoices, reviews one and gets it approved by the colleague it was sent to', async ({
    page,
    api,
    newUser,
  }) => {
    const admin = await api.signUp(uniqueEmail('clerk'), PASSWORD, 'Acme Ltd');
    const approver = await api.inviteMember(admin, uniqueEmail('approver'), PASSWORD);
    const typeId = await api.createInvoiceType(admin, EXTRACTION_ONLY);
    await loginViaUi(page, admin.email, PASSWORD);

    // Upload three invoices through the screen: each is uploaded and validated in turn.
    await page.goto(`/upload?docTypeId=${typeId}`);
    const invoices = await Promise.all(
      [1, 2, 3].map((n) => invoicePdf({ invoiceNumber: `INV-900${n}` })),
    );
    await page.getByLabel('Upload documents').setInputFiles(
      invoices.map((invoice, index) => ({
        name: `invoice-${index + 1}.pdf`,
        mimeType: 'application/pdf',
        buffer: Buffer.from(invoice.bytes),
      })),
    );
    await visible(text(page, '3 valid files'));
    await page.getByRole('button', { name: 'Start Processing (3 files)' }).click();
    await waitForPath(page, '/dashboard');

    // The dashboard card shows the three documents once extraction has run.
    await untilInReview(api, admin, 3);
    await page
      .getByRole('button', { name: /refresh/i })
      .first()
      .click();
    const card = page.getByLabel('Supplier invoices: 3 pending');
    await visible(card);
    await card.click();
    await waitForPath(page, `/pending/${typeId}`);
    await visible(page.getByRole('heading', { name: 'Pending Documents: Supplier invoices' }));
    await visible(text(page, '3 document(s) waiting for review or approval'));

    // Open one, correct a value and submit the review.
    await page.getByLabel('Open invoice-2.pdf').click();
    await visible(page.getByRole('heading', { name: 'Review Document' }));
    const invoiceNumber = field(page, 'Invoice Number');
    await expect.poll(() => invoiceNumber.inputValue()).toBe('INV-9002');
    await invoiceNumber.fill('INV-9002-B');
    await page.getByRole('button', { name: 'Submit Review' }).click();

    // At approval, pass it to the colleague.
    const decision = page.getByRole('form', { name: 'Approval Decision' });
    await visible(decision);
    await choose(page, 'Action', 'Send for Approval');
    await choose(page, 'Assign to User', approver.email);
    await decision.getByRole('button', { name: 'Send for Approval' }).click();
    await waitForPath(page, '/dashboard');
    // Sent to the colleague, it is in their approval queue only.
    expect((await pipelines(api, admin, 'pending-approval')).items).toEqual([]);
    const reviewedId = (await pipelines(api, approver, 'pending-approval')).items[0]!.pipeline_id;

    // The colleague approves it in their own session.
    const colleague = await newUser();
    await loginViaUi(colleague.page, approver.email, PASSWORD);
    await colleague.page.goto(`/review/${reviewedId}`);
    await expect
      .poll(() => field(colleague.page, 'Invoice Number').inputValue())
      .toBe('INV-9002-B');
    await colleague.page
      .getByRole('form', { name: 'Approval Decision' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await waitForPath(colleague.page, '/dashboard');

    const record = await api.call<{ current_step: string; approved_by: { email: string } }>(
      'GET',
      `/api/pipelines/${reviewedId}/review`,
      undefined,
      admin.access_token,
    );
    expect(record.current_step).toBe('completed');
    expect(record.approved_by.email).toBe(approver.email);
    expect((await pipelines(api, admin, 'pending-approval')).items).toEqual([]);
    expect(
      (await pipelines(api, admin, 'pending-review')).items.map((p) => p.pipeline_id),
    ).not.toContain(reviewedId);
  });

  test('deletes selected documents from the pending page', async ({ page, api }) => {
    const admin = await api.signUp(uniqueEmail('bulk'), PASSWORD, 'Acme Ltd');
    const typeId = await api.createInvoiceType(admin, EXTRACTION_ONLY);
    await processViaApi(api, admin, typeId, ['a.pdf', 'b.pdf', 'c.pdf']);
    await loginViaUi(page, admin.email, PASSWORD);

    await page.goto(`/pending/${typeId}`);
    await page.getByLabel('Select a.pdf').check();
    await page.getByLabel('Select c.pdf').check();
    await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Bulk Delete' });
    await visible(dialog);
    await dialog.getByRole('button', { name: /delete/i }).click();
    await visible(text(page, 'Successfully deleted 2 documents'));
    await visible(text(page, '1 document(s) waiting for review or approval'));
    const left = await pipelines(api, admin, 'all');
    expect(left.items.map((p) => p.original_filename)).toEqual(['b.pdf']);
  });

  test('shows a Word invoice under review as its page, with the source of a value highlighted', async ({
    page,
    api,
  }) => {
    const admin = await api.signUp(uniqueEmail('word'), PASSWORD, 'Acme Ltd');
    const typeId = await api.createInvoiceType(admin, EXTRACTION_ONLY);
    const { bytes } = await invoiceDocx({ invoiceNumber: 'INV-4242' });
    await api.process(admin, typeId, [{ fileName: 'invoice.docx', bytes }]);
    const [first] = (await untilInReview(api, admin, 1)).items;
    await loginViaUi(page, admin.email, PASSWORD);

    await page.goto(`/review/${first!.pipeline_id}`);
    const pageImage = page.getByRole('img', { name: 'Page 1' });
    await visible(pageImage);
    // The image decoded: a rendered page, not a broken image.
    await expect
      .poll(() => pageImage.evaluate((img) => (img as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    const invoiceNumber = field(page, 'Invoice Number');
    await expect.poll(() => invoiceNumber.inputValue()).toBe('INV-4242');
    await invoiceNumber.focus();
    const highlight = page.locator('[data-page="1"]').getByTestId('source-highlight');
    await visible(highlight);
    await visible(page.getByRole('button', { name: 'Download File' }));
  });

  test('returns a rejected document to review with its note', async ({ page, api }) => {
    const admin = await api.signUp(uniqueEmail('reject'), PASSWORD, 'Acme Ltd');
    const typeId = await api.createInvoiceType(admin, EXTRACTION_ONLY);
    const [first] = (await processViaApi(api, admin, typeId, ['to-reject.pdf'])).items;
    await loginViaUi(page, admin.email, PASSWORD);

    await page.goto(`/review/${first!.pipeline_id}`);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const decision = page.getByRole('form', { name: 'Approval Decision' });
    await visible(decision);
    await choose(page, 'Action', 'Reject');
    await decision.getByLabel('Notes').fill('The tax line is missing');
    await decision.getByRole('button', { name: 'Reject' }).click();
    await waitForPath(page, '/dashboard');

    await page.goto(`/review/${first!.pipeline_id}`);
    await visible(page.getByRole('button', { name: 'Submit Review' }));
    await visible(page.getByText('The tax line is missing').first());
    const inReview = await pipelines(api, admin, 'pending-review');
    expect(inReview.items.map((p) => p.pipeline_id)).toEqual([first!.pipeline_id]);
  });
});
