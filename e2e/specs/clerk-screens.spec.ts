import { PASSWORD_RULE } from '@parser/contracts';
import { invoicePdf } from '@parser/test-documents';
import type { Locator, Page } from '@playwright/test';

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
  items: { pipeline_id: string }[];
}

/** Every console error and uncaught page error of a page, as it happens. */
function recordConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Requests of the page for an export of a pipeline. */
function recordExportRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/export')) requests.push(request.url());
  });
  return requests;
}

const list = (api: Api, user: SeededUser, name: string) =>
  api.call<PipelinePage>('GET', `/api/pipelines/${name}`, undefined, user.access_token);

/** An invoice type with one invoice waiting for review; answers the pipeline id. */
async function invoiceInReview(api: Api, admin: SeededUser): Promise<string> {
  const typeId = await api.createInvoiceType(admin, EXTRACTION_ONLY);
  const invoice = await invoicePdf({ invoiceNumber: 'INV-8800' });
  const [id] = await api.process(admin, typeId, [
    { fileName: 'supplier.pdf', bytes: invoice.bytes },
  ]);
  await expect
    .poll(async () => (await list(api, admin, 'pending-review')).items.length, {
      timeout: 60_000,
    })
    .toBe(1);
  return id!;
}

/**
 * The controls of the page's main area that the notification at `toast` lies over. (The script
 * runs in the page; this package is typed without the DOM.)
 */
async function controlsUnder(page: Page, toast: Locator): Promise<string[]> {
  const box = await toast.boundingBox();
  if (!box) throw new Error('the notification has no box');
  return page.evaluate<string[]>(`(() => {
    const area = ${JSON.stringify(box)};
    const overlaps = (r) => r.width > 0 && r.height > 0 && r.left < area.x + area.width &&
      r.right > area.x && r.top < area.y + area.height && r.bottom > area.y;
    return Array.from(document.querySelectorAll('main button, main input, main textarea'))
      .filter((element) => overlaps(element.getBoundingClientRect()))
      .map((element) => element.getAttribute('aria-label') ?? element.textContent ?? element.id);
  })()`);
}

/** Whether the alert with `title` is inside the viewport and not covered at its centre. */
async function isAlertInView(page: Page, alert: Locator, title: string): Promise<boolean> {
  const box = await alert.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport || box.y < 0 || box.y + box.height > viewport.height) return false;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  return page.evaluate<boolean>(`(() => {
    const alert = document.elementFromPoint(${x}, ${y})?.closest('[role="alert"]');
    return alert?.textContent.includes(${JSON.stringify(title)}) ?? false;
  })()`);
}

test.describe("the clerk's screens", () => {
  test('loads the signed-out pages without console errors', async ({ page }) => {
    const errors = recordConsoleErrors(page);
    await page.goto('/');
    await visible(page.getByRole('link', { name: 'Sign In' }));
    await page.goto('/signup');
    await visible(page.getByRole('button', { name: 'Create Account' }));
    // The password rule is stated before anything is sent.
    await visible(text(page, PASSWORD_RULE));
    await page.goto('/login');
    await visible(page.getByRole('heading', { name: 'Welcome back' }));
    expect(errors).toEqual([]);
  });

  test('reviews, sends for approval with a note, and the colleague approves: no console errors', async ({
    page,
    api,
    newUser,
  }) => {
    const admin = await api.signUp(uniqueEmail('clerk'), PASSWORD, 'Acme Ltd');
    const colleague = await api.inviteMember(admin, uniqueEmail('approver'), PASSWORD);
    const id = await invoiceInReview(api, admin);
    const errors = recordConsoleErrors(page);
    const exports = recordExportRequests(page);
    await loginViaUi(page, admin.email, PASSWORD);

    await page.goto(`/review/${id}`);
    await field(page, 'PO Number').fill('PO-77');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Review saved' });
    await visible(toast);
    expect(await controlsUnder(page, toast)).toEqual([]);
    // The buttons stay clickable while the notification shows.
    await page.getByRole('button', { name: 'Submit Review' }).click();

    const decision = page.getByRole('form', { name: 'Approval Decision' });
    await decision.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Send for Approval', exact: true }).click();
    await decision.getByRole('combobox', { name: 'Assign to User' }).click();
    await page.getByRole('option', { name: colleague.email }).click();
    await field(decision, 'Notes').fill('Over my limit, please approve');
    await decision.getByRole('button', { name: 'Send for Approval' }).click();
    await waitForPath(page, '/dashboard');

    expect(exports).toEqual([]);
    expect((await list(api, admin, 'pending-approval')).items).toEqual([]);
    expect(
      (await list(api, colleague, 'pending-approval')).items.map((p) => p.pipeline_id),
    ).toEqual([id]);
    // The sender who opens it anyway cannot approve it.
    await page.goto(`/review/${id}`);
    await visible(text(page, 'Someone else approves this'));
    expect(await decision.getByRole('button', { name: 'Approve', exact: true }).isDisabled()).toBe(
      true,
    );

    const other = await newUser();
    const otherErrors = recordConsoleErrors(other.page);
    const otherExports = recordExportRequests(other.page);
    await loginViaUi(other.page, colleague.email, PASSWORD);
    await other.page.goto(`/review/${id}`);
    await visible(text(other.page, `Sent for approval by ${admin.email}`));
    await visible(text(other.page, 'Over my limit, please approve'));
    const download = other.page.waitForEvent('download');
    await other.page
      .getByRole('form', { name: 'Approval Decision' })
      .getByRole('button', { name: 'Approve', exact: true })
      .click();
    expect((await download).suggestedFilename()).toBe(`exports_${id}.zip`);
    await waitForPath(other.page, '/dashboard');
    expect(otherExports).toHaveLength(1);

    expect(errors).toEqual([]);
    expect(otherErrors).toEqual([]);
  });

  test('shows the restore banner in view after a reload with unsaved edits', async ({
    page,
    api,
  }) => {
    const admin = await api.signUp(uniqueEmail('reload'), PASSWORD, 'Acme Ltd');
    const id = await invoiceInReview(api, admin);
    await loginViaUi(page, admin.email, PASSWORD);
    await page.goto(`/review/${id}`);
    // An edit far down the page, then a reload from there.
    const notes = field(page, 'Review Notes');
    await notes.fill('Half done');
    await notes.scrollIntoViewIfNeeded();
    await page.reload();

    const banner = page.getByRole('alert').filter({ hasText: 'Unsaved edits found' });
    await visible(banner);
    await expect.poll(() => isAlertInView(page, banner, 'Unsaved edits found')).toBe(true);
    await page.getByRole('button', { name: 'Restore edits' }).click();
    expect(await field(page, 'Review Notes').inputValue()).toBe('Half done');
  });
});
