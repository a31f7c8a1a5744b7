import type { Locator, Page } from 'playwright-core';

import { waitForPath } from './harness.js';

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

/** Resolves when the locator's first match is visible (Playwright auto-waiting, default timeout). */
export async function visible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible' });
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
