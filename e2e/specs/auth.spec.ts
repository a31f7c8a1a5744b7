import { PASSWORD, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import {
  expectShell,
  field,
  loginViaUi,
  navEntry,
  pathOf,
  text,
  visible,
  waitForPath,
} from '../support/ui.js';

const COMPANY = 'Acme Ltd';

test.describe('authentication', () => {
  test('signs up through the form and lands on the dashboard as admin', async ({ page }) => {
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

  test('logs out through the user menu and logs back in', async ({ page, api }) => {
    const user = await api.signUp(uniqueEmail('logout'), PASSWORD, COMPANY);

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

  test('shows an error alert for a wrong password', async ({ page, api }) => {
    const user = await api.signUp(uniqueEmail('wrongpw'), PASSWORD, COMPANY);

    await page.goto('/login');
    await page.getByLabel(/^\s*Email/).fill(user.email);
    await field(page, 'Password').fill(`${PASSWORD}-wrong`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await visible(alert);
    expect(await alert.first().textContent()).toContain('Error');
    expect(pathOf(page)).toBe('/login');
  });

  test('keeps the user signed in when several tabs restore the session at the same moment', async ({
    context,
    page,
    api,
  }) => {
    const user = await api.signUp(uniqueEmail('tabs'), PASSWORD, COMPANY);
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

  test('redirects an unknown path to the landing page when signed out', async ({ page }) => {
    await page.goto('/no/such/page');
    await waitForPath(page, '/');
    await visible(text(page, 'Explore the Demo'));
  });

  test('invites a second user who joins the same company', async ({ api, newUser }) => {
    const admin = await newUser();
    const invitee = await newUser();
    const adminUser = await api.signUp(uniqueEmail('a'), PASSWORD, COMPANY);
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
    const inviteUrl = new URL(await linkBox.inputValue(), admin.page.url());

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
