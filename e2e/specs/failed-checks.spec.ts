import { invoicePdf } from '@parser/test-documents';

import { type Api, PASSWORD, type SeededUser, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { field, loginViaUi, visible, waitForPath } from '../support/ui.js';

interface ReviewRecord {
  current_step: string;
  agent_report: { reconciliation: { summary: { fail: number } } | null } | null;
  history: { kind: string; data: Record<string, unknown> }[];
}

const review = (api: Api, admin: SeededUser, id: string) =>
  api.call<ReviewRecord>('GET', `/api/pipelines/${id}/review`, undefined, admin.access_token);

/** An invoice whose page prints the total 248.59 where subtotal + tax make 246.59, at review. */
async function misreadTotalAtReview(api: Api, admin: SeededUser): Promise<string> {
  const typeId = await api.createInvoiceType(admin, {
    extract: true,
    data_entry: false,
    recon: true,
  });
  const invoice = await invoicePdf({ misprint: { total: 248.59 } });
  const [id] = await api.process(admin, typeId, [
    { fileName: 'misread.pdf', bytes: invoice.bytes },
  ]);
  await expect
    .poll(async () => (await review(api, admin, id!)).current_step, { timeout: 60_000 })
    .toBe('human_review');
  await api.call(
    'PUT',
    '/api/company/settings',
    { download_zip_on_approval: false },
    admin.access_token,
  );
  return id!;
}

test.describe('checks of the values being approved', () => {
  test('a total corrected at review passes its checks, so the approver approves at once', async ({
    page,
    api,
  }) => {
    const admin = await api.signUp(uniqueEmail('fixed'), PASSWORD, 'Acme Ltd');
    const id = await misreadTotalAtReview(api, admin);
    expect(
      (await review(api, admin, id)).agent_report?.reconciliation?.summary.fail,
    ).toBeGreaterThan(0);
    await loginViaUi(page, admin.email, PASSWORD);

    await page.goto(`/review/${id}`);
    await field(page, 'Total').fill('246.59');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const report = page.getByTestId('agent-report');
    await visible(report.getByText('0 failed'));
    const decision = page.getByRole('form', { name: 'Approval Decision' });
    await decision.getByRole('button', { name: 'Approve', exact: true }).click();
    await waitForPath(page, '/dashboard');
    expect((await review(api, admin, id)).current_step).toBe('completed');
  });

  test('approving values whose checks fail takes a confirmation and the note the company asks for', async ({
    page,
    api,
  }) => {
    const admin = await api.signUp(uniqueEmail('failed'), PASSWORD, 'Acme Ltd');
    const id = await misreadTotalAtReview(api, admin);
    await api.call(
      'PUT',
      '/api/company/settings',
      { require_note_for_failed_checks: true },
      admin.access_token,
    );
    await loginViaUi(page, admin.email, PASSWORD);

    await page.goto(`/review/${id}`);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const decision = page.getByRole('form', { name: 'Approval Decision' });
    await decision.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve values whose checks fail?' });
    await visible(dialog.getByText(/Subtotal \+ tax = total does not hold/));
    const approve = dialog.getByRole('button', { name: 'Approve anyway' });
    expect(await approve.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill('Total confirmed with the vendor');
    await approve.click();
    await waitForPath(page, '/dashboard');

    const approved = await review(api, admin, id);
    expect(approved.current_step).toBe('completed');
    const entry = approved.history.find((e) => e.kind === 'approved');
    expect(entry?.data.notes).toBe('Total confirmed with the vendor');
    expect((entry?.data.failed_checks as string[]).length).toBeGreaterThan(0);
  });
});
