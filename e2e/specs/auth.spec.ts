import { describe, expect, it } from 'vitest';

import { PASSWORD, signUpViaApi, uniqueEmail } from '../support/api.js';
import { pathOf, useE2E, waitForPath } from '../support/harness.js';
import { expectShell, field, loginViaUi, navEntry, text, visible } from '../support/ui.js';

const COMPANY = 'Acme Ltd';

const e2e = useE2E();

describe('authentication', () => {
  it('signs up through the form and lands on the dashboard as admin', async () => {
    const { page } = await e2e().newUser();
    const email = uniqueEmail('signup');

    await page.goto('/signup');
    await field(page, 'Email Address').fill(email);
    await field(page, 'Company Name (Optional)').fill(COMPANY);
    await field(page, 'Password').fill(PASSWORD);
    await field(page, 'Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();

    await waitForPath(page, '/dashboard');
    await expectShell(page, COMPANY, 'admin');
    await visible(text(page, 'basic'));
    await visible(navEntry(page, 'Admin'));
    expect(pathOf(page)).toBe('/dashboard');
  });

  it('logs out through the user menu and logs back in', async () => {
    const { page } = await e2e().newUser();
    const user = await signUpViaApi(e2e().baseUrl, uniqueEmail('logout'), PASSWORD, COMPANY);

    await loginViaUi(page, user.email, PASSWORD);
    await expectShell(page, COMPANY, 'admin');

    await page.getByRole('button', { name: /user menu/i }).click();
    await page
      .getByRole('menuitem', { name: 'Logout', exact: true })
      .or(page.getByRole('button', { name: 'Logout', exact: true }))
      .first()
      .click();

    await waitForPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Welcome back' }));

    await page.getByLabel(/^\s*Email/).fill(user.email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page, '/dashboard');
    await expectShell(page, COMPANY, 'admin');
  });

  it('shows an error alert for a wrong password', async () => {
    const { page } = await e2e().newUser();
    const user = await signUpViaApi(e2e().baseUrl, uniqueEmail('wrongpw'), PASSWORD, COMPANY);

    await page.goto('/login');
    await page.getByLabel(/^\s*Email/).fill(user.email);
    await field(page, 'Password').fill(`${PASSWORD}-wrong`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await visible(alert);
    expect(await alert.first().textContent()).toContain('Error');
    expect(pathOf(page)).toBe('/login');
  });

  it('keeps the user signed in when several tabs restore the session at the same moment', async () => {
    const { context, page } = await e2e().newUser();
    const user = await signUpViaApi(e2e().baseUrl, uniqueEmail('tabs'), PASSWORD, COMPANY);
    await loginViaUi(page, user.email, PASSWORD);
    await expectShell(page, COMPANY, 'admin');

    // Each tab exchanges the shared refresh cookie on load; they must not trip the reuse check.
    const tabs = [page, await context.newPage(), await context.newPage()];
    await Promise.all(tabs.map((tab) => tab.goto('/dashboard')));
    for (const tab of tabs) await expectShell(tab, COMPANY, 'admin');

    // And the session still refreshes afterwards.
    await page.reload();
    await expectShell(page, COMPANY, 'admin');
  });

  it('redirects an unknown path to the landing page when signed out', async () => {
    const { page } = await e2e().newUser();

    await page.goto('/no/such/page');
    await waitForPath(page, '/');
    await visible(text(page, 'Explore the Demo'));
  });

  it('invites a second user who joins the same company', async () => {
    const admin = await e2e().newUser();
    const invitee = await e2e().newUser();
    const adminUser = await signUpViaApi(e2e().baseUrl, uniqueEmail('a'), PASSWORD, COMPANY);
    const inviteeEmail = uniqueEmail('b');

    // A creates the invite on /settings.
    await loginViaUi(admin.page, adminUser.email, PASSWORD);
    await admin.page.goto('/settings');
    const inviteEmail = admin.page
      .getByRole('textbox', { name: /e-?mail/i })
      .and(admin.page.locator(':not([readonly]):not([disabled])'));
    await inviteEmail.first().fill(inviteeEmail);
    await admin.page.getByRole('button', { name: 'Create invite', exact: true }).click();

    const linkBox = admin.page.getByRole('textbox', { name: 'Invite link' });
    await visible(linkBox);
    await expect.poll(() => linkBox.inputValue()).toMatch(/\S/);
    expect(await linkBox.getAttribute('readonly')).not.toBeNull();
    const inviteUrl = new URL(await linkBox.inputValue(), e2e().baseUrl);

    // B opens the link in a separate browser context and signs up.
    const page = invitee.page;
    await page.goto(inviteUrl.pathname + inviteUrl.search + inviteUrl.hash);
    await visible(text(page, /Join Acme Ltd/));
    const emailBox = page.getByLabel(/e-?mail/i);
    if ((await emailBox.count()) > 0 && (await emailBox.first().isEditable())) {
      if ((await emailBox.first().inputValue()) === '') await emailBox.first().fill(inviteeEmail);
    }
    await field(page, 'Password').fill(PASSWORD);
    await field(page, 'Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account and join', exact: true }).click();

    await waitForPath(page, '/dashboard');
    await expectShell(page, COMPANY, 'member');
    expect(await navEntry(page, 'Admin').count()).toBe(0);

    // Back in A: the members table lists B.
    await admin.page.reload();
    await visible(admin.page.getByRole('row').filter({ hasText: inviteeEmail }));
  });
});
