import { expect, type Locator, type Page } from '@playwright/test';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The form control whose label is exactly `label`, allowing the ' *' that Mantine appends to
 * required fields. `field(page, 'Password')` does not match 'Confirm Password'.
 */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^\\s*${escapeRegExp(label)}(\\s*\\*)?\\s*$`));
}

/** Asserts that the locator's first match becomes visible (retried until the expect timeout). */
export async function visible(locator: Locator): Promise<void> {
  await expect(locator.first()).toBeVisible();
}

/** Waits until the page's path (without query or hash) equals `pathname`. */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** The path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Visible text `text` (exact, whitespace-normalised) anywhere on the page. */
export function text(page: Page, value: string | RegExp): Locator {
  return page
    .getByText(value, typeof value === 'string' ? { exact: true } : undefined)
    .filter({ visible: true });
}

/** A navigation entry: a link (or a button, for NavLinks without href) with exactly this name. */
export function navEntry(page: Page, name: string): Locator {
  return page
    .getByRole('link', { name, exact: true })
    .or(page.getByRole('button', { name, exact: true }))
    .filter({ visible: true });
}

export async function loginViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await visible(page.getByRole('heading', { name: 'Welcome back' }));
  await page.getByLabel(/^\s*Email/).fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await waitForPath(page, '/dashboard');
}

/** The authenticated shell shows the tenant name and '{role} User' in the navbar footer. */
export async function expectShell(page: Page, company: string, role: string): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Dashboard', exact: true }));
  await visible(text(page, company));
  await visible(text(page, `${role} User`));
}
