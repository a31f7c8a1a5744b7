import { PRESETS } from '@parser/contracts';
import { invoicePdf } from '@parser/test-documents';

import { PASSWORD, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { field, loginViaUi, text, visible, waitForPath } from '../support/ui.js';

test.describe('the agents', () => {
  test('flag a wrong total on the review screen, and run from the Agents screen', async ({
    page,
    api,
  }) => {
    const admin = await api.signUp(uniqueEmail('agents'), PASSWORD, 'Acme Ltd');
    const type = await api.call<{ id: string }>(
      'POST',
      '/api/doc-types',
      {
        name: 'Checked invoices',
        presetKey: 'invoice',
        fields: PRESETS.invoice.fields,
        tables: PRESETS.invoice.tables,
        agentsEnabled: { extract: true, data_entry: true, recon: true },
      },
      admin.access_token,
    );
    await loginViaUi(page, admin.email, PASSWORD);

    // The total printed reads 248.59 where subtotal 205.49 + tax 41.10 make 246.59.
    const invoice = await invoicePdf({ misprint: { total: 248.59 } });
    await page.goto(`/upload?docTypeId=${type.id}`);
    await page.getByLabel('Upload documents').setInputFiles({
      name: 'wrong-total.pdf',
      mimeType: 'application/pdf',
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
    const report = page.getByTestId('agent-report');
    await visible(report);
    await visible(report.getByText(/Subtotal \+ tax = total does not hold: off by 2\.00/));
    await expect
      .poll(() => field(page, 'Total').getAttribute('aria-invalid'), { timeout: 10_000 })
      .toBe('true');
    await visible(text(page, 'Likely misread: the sums agree with 246.59'));

    await page.goto('/agents');
    await visible(page.getByRole('heading', { name: 'Document Processing Agents' }));
    await visible(text(page, '1 pending document ready'));
    const dataEntry = page.getByRole('region', { name: 'Data Entry Agent' });
    await dataEntry.getByRole('button', { name: 'Run on All Pending (1)' }).click();
    const results = page.getByRole('region', { name: 'Agent results' });
    await visible(results.getByText('Data Entry Agent Results'));
    await expect.poll(() => results.getByTestId('run-status').textContent()).toBe('Completed');
    await visible(results.getByText(`${pipelineId.slice(0, 8)}...`));
    await results.getByRole('button', { name: 'Clear Results' }).click();
    await expect.poll(() => results.count()).toBe(0);
  });
});
