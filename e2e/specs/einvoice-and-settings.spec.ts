import { ublInvoice } from '@parser/test-documents';

import { PASSWORD, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { field, loginViaUi, text, visible, waitForPath } from '../support/ui.js';

test.describe('e-invoices and what Settings says about the engine', () => {
  test('reads an uploaded UBL invoice from its XML and previews it as tables, not markup', async ({
    page,
    api,
  }) => {
    const admin = await api.signUp(uniqueEmail('einvoice'), PASSWORD, 'Acme Ltd');
    const typeId = await api.createInvoiceType(admin);
    await loginViaUi(page, admin.email, PASSWORD);

    const invoice = ublInvoice();
    await page.goto(`/upload?docTypeId=${typeId}`);
    await page.getByLabel('Upload documents').setInputFiles({
      name: invoice.fileName,
      mimeType: 'application/xml',
      buffer: Buffer.from(invoice.bytes),
    });
    await visible(text(page, '1 valid files'));
    await page.getByRole('button', { name: /Start Processing/ }).click();
    await waitForPath(page, '/dashboard');

    let pipelineId = '';
    await expect
      .poll(
        async () => {
          const list = await api.call<{ items: { pipeline_id: string }[] }>(
            'GET',
            '/api/pipelines/pending-review',
            undefined,
            admin.access_token,
          );
          pipelineId = list.items[0]?.pipeline_id ?? '';
          return pipelineId;
        },
        { timeout: 60_000 },
      )
      .not.toBe('');

    await page.goto(`/review/${pipelineId}`);
    const preview = page.getByLabel('E-invoice content');
    await visible(preview);
    await visible(preview.getByText(invoice.data.invoiceNumber).first());
    expect(await preview.textContent()).not.toContain('<cbc:');
    await expect
      .poll(() => field(page, 'Invoice Number').inputValue(), { timeout: 10_000 })
      .toBe(invoice.data.invoiceNumber);
    await field(page, 'Total').focus();
    await visible(text(page, 'Source: e-invoice XML').first());
  });

  test('says on Settings that the offline engine works alone, and that nothing is learned yet', async ({
    page,
    api,
  }) => {
    const admin = await api.signUp(uniqueEmail('settings'), PASSWORD, 'Acme Ltd');
    await loginViaUi(page, admin.email, PASSWORD);
    await page.goto('/settings');
    await visible(text(page, 'Offline engine'));
    await visible(text(page, /No AI model is configured, so Parser uses its offline engine alone/));
    await visible(text(page, /Nothing learned yet/));
  });
});
