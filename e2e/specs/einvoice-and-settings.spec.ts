import { PRESETS } from '@parser/contracts';
import { ublInvoice } from '@parser/test-documents';
import { describe, expect, it } from 'vitest';

import { callApi, PASSWORD, signUpViaApi, uniqueEmail } from '../support/api.js';
import { useE2E, waitForPath } from '../support/harness.js';
import { field, loginViaUi, text, visible } from '../support/ui.js';

const e2e = useE2E();

describe('e-invoices and what Settings says about the engine', () => {
  it('reads an uploaded UBL invoice from its XML and previews it as tables, not markup', async () => {
    const { page } = await e2e().newUser();
    const admin = await signUpViaApi(e2e().baseUrl, uniqueEmail('einvoice'), PASSWORD, 'Acme Ltd');
    const type = await callApi<{ id: string }>(
      e2e().baseUrl,
      'POST',
      '/api/doc-types',
      {
        name: 'Supplier invoices',
        presetKey: 'invoice',
        fields: PRESETS.invoice.fields,
        tables: PRESETS.invoice.tables,
      },
      admin.access_token,
    );
    await loginViaUi(page, admin.email, PASSWORD);

    const invoice = ublInvoice();
    await page.goto(`/upload?docTypeId=${type.id}`);
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
          const list = await callApi<{ items: { pipeline_id: string }[] }>(
            e2e().baseUrl,
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

  it('says on Settings that the offline engine works alone, and that nothing is learned yet', async () => {
    const { page } = await e2e().newUser();
    const admin = await signUpViaApi(e2e().baseUrl, uniqueEmail('settings'), PASSWORD, 'Acme Ltd');
    await loginViaUi(page, admin.email, PASSWORD);
    await page.goto('/settings');
    await visible(text(page, 'Offline engine'));
    await visible(text(page, /No AI model is configured, so Parser uses its offline engine alone/));
    await visible(text(page, /Nothing learned yet/));
  });
});
