import { invoicePdf } from '@parser/test-documents';
import type { Page } from '@playwright/test';

import { type Api, PASSWORD, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { field, loginViaUi, text, visible, waitForPath } from '../support/ui.js';

async function signedInAdmin(api: Api, page: Page) {
  const user = await api.signUp(uniqueEmail('types'), PASSWORD, 'Acme Ltd');
  await loginViaUi(page, user.email, PASSWORD);
  return user;
}

const nextStep = (page: Page) => page.getByRole('button', { name: 'Next Step', exact: true });

/** The card of a document type on the list, found by its heading. */
const card = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

test.describe('document types', () => {
  test('creates a type from the invoice preset and shows its card', async ({ page, api }) => {
    await signedInAdmin(api, page);

    await page.goto('/doc-types');
    await visible(page.getByRole('heading', { name: 'Document Types', exact: true }));
    await page.getByRole('link', { name: 'Create New Type' }).click();
    await waitForPath(page, '/doc-types/new');
    // The preset picker is a segmented control: its radio inputs are hidden behind their labels.
    await page
      .locator('label')
      .filter({ hasText: /^Invoice$/ })
      .click();
    await field(page, 'Name').fill('Supplier invoices');
    // Basics → Regions → RAG & Agents → Export Settings → Test → Summary (a preset has no Quick Setup).
    for (let step = 0; step < 5; step++) await nextStep(page).click();
    await visible(page.getByRole('heading', { name: 'Review & Save' }));
    await page.getByRole('button', { name: 'Save Document Type' }).click();
    await visible(text(page, 'Document type saved successfully!'));
    await waitForPath(page, '/doc-types');

    const invoices = card(page, 'Supplier invoices');
    await visible(invoices);
    // innerText follows CSS, and badges are upper-cased by their style.
    const cardText = (await invoices.innerText()).replace(/\s+/g, ' ').toLowerCase();
    expect(cardText).toContain('fields 9');
    expect(cardText).toContain('steps 4');
    expect(cardText).toContain('advanced');
    const badges = await invoices
      .getByRole('list', { name: 'Pipeline' })
      .getByRole('listitem')
      .allInnerTexts();
    expect(badges.map((badge) => badge.trim().toLowerCase())).toEqual([
      'extract',
      'review',
      'data entry',
      'reconciliation',
    ]);
  });

  test('sets up a custom type from an example invoice and tests the extraction', async ({
    page,
    api,
  }) => {
    await signedInAdmin(api, page);
    const example = await invoicePdf({ invoiceNumber: 'INV-E2E-77' });

    await page.goto('/doc-types/new');
    await field(page, 'Name').fill('Our invoices');
    await nextStep(page).click();

    // Quick Setup: the example is uploaded and the engine suggests fields at once.
    await page.getByLabel('Upload an example document').setInputFiles({
      name: 'example-invoice.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(example.bytes),
    });
    const suggested = page.getByRole('list', { name: 'AI extracted fields and tables' });
    await visible(suggested);
    expect((await suggested.innerText()).toLowerCase()).toContain('invoice');
    await nextStep(page).click();

    // Regions: the suggestions are marked as AI extracted.
    await visible(page.getByRole('table', { name: 'Fields' }));
    expect(await page.getByLabel('AI extracted').count()).toBeGreaterThan(2);
    await nextStep(page).click(); // RAG & Agents
    await nextStep(page).click(); // Export Settings
    await nextStep(page).click(); // Test: runs by itself with the Quick Setup file

    await visible(page.getByRole('heading', { name: 'Test Extraction' }));
    await visible(text(page, 'Using file from Quick Setup step'));
    const results = page.getByRole('table', { name: 'Extracted fields' });
    await visible(results);
    await visible(results.getByText('INV-E2E-77'));
    // Each value carries its confidence as a percent badge.
    await visible(results.getByText(/^\d{1,3}%$/));

    await nextStep(page).click();
    await page.getByRole('button', { name: 'Save Document Type' }).click();
    await waitForPath(page, '/doc-types');
    await visible(card(page, 'Our invoices'));
    // The Test step's temporary type never shows in the list.
    expect(await page.getByRole('heading', { name: /_test_/ }).count()).toBe(0);
  });

  test("edits a type's fields and deletes a type after the confirm", async ({
    page,
    api,
    request,
  }) => {
    const user = await signedInAdmin(api, page);
    const created = await request.post('/api/doc-types', {
      headers: { authorization: `Bearer ${user.access_token}` },
      data: {
        name: 'Receipts',
        fields: [{ key: 'total', label: 'Total', type: 'currency', required: true }],
        tables: [],
      },
    });
    expect(created.status()).toBe(201);

    await page.goto('/doc-types');
    await card(page, 'Receipts').getByRole('link', { name: 'Configure' }).click();
    await visible(page.getByRole('heading', { name: 'Edit Document Type' }));
    await nextStep(page).click(); // Name → Fields & Tables
    await page.getByRole('button', { name: 'Add Field' }).click();
    await page.getByLabel('Label of field 2').fill('Merchant');
    await page.getByRole('button', { name: /^Step \d+: Save Changes$/ }).click();
    await page.getByRole('button', { name: 'Update Document Type' }).click();
    await visible(text(page, 'Document type updated successfully!'));
    await waitForPath(page, '/doc-types');
    const receipts = card(page, 'Receipts');
    // The list shows its cached copy first and then the refetched one.
    await expect
      .poll(async () => (await receipts.innerText()).replace(/\s+/g, ' '), { timeout: 10_000 })
      .toContain('Fields 2');

    await receipts.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await visible(
      dialog.getByText('Are you sure you want to delete "Receipts"? This action cannot be undone.'),
    );
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await visible(text(page, 'Document type deleted successfully!'));
    await card(page, 'Receipts').waitFor({ state: 'detached' });
  });
});
