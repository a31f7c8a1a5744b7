import { PASSWORD, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { loginViaUi, visible } from '../support/ui.js';

test.describe('removing a member who created API keys', () => {
  test('shows who created each key, and the removal dialog revokes their keys with them', async ({
    page,
    api,
    request,
  }) => {
    const admin = await api.signUp(uniqueEmail('admin'), PASSWORD, 'Keys Ltd');
    const colleague = await api.inviteMember(admin, uniqueEmail('colleague'), PASSWORD);
    const users = await api.call<{ id: string; email: string }[]>(
      'GET',
      '/api/users/tenant',
      undefined,
      admin.access_token,
    );
    const colleagueId = users.find((user) => user.email === colleague.email)!.id;
    await api.call('PATCH', `/api/users/${colleagueId}`, { role: 'admin' }, admin.access_token);
    const { key } = await api.call<{ key: string }>(
      'POST',
      '/api/api-keys',
      { name: 'Nightly import' },
      colleague.access_token,
    );
    const keyStatus = async () =>
      (
        await request.get('/api/doc-types', { headers: { authorization: `Bearer ${key}` } })
      ).status();
    expect(await keyStatus()).toBe(200);

    await loginViaUi(page, admin.email, PASSWORD);
    await page.goto('/settings');
    const keys = page.getByRole('table', { name: 'API keys' });
    const keyRow = keys.getByRole('row').filter({ hasText: 'Nightly import' });
    await visible(keyRow.getByRole('cell', { name: colleague.email, exact: true }));

    const members = page.getByRole('table', { name: 'Team members' });
    await members
      .getByRole('row')
      .filter({ hasText: colleague.email })
      .getByRole('button', { name: 'Remove', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Remove member' });
    const revoke = dialog.getByRole('checkbox', {
      name: 'Also revoke the 1 API key they created',
    });
    await visible(revoke);
    expect(await revoke.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Remove member', exact: true }).click();
    await visible(page.getByText(`${colleague.email} was removed`));

    await expect.poll(keyStatus).toBe(401);
    await page.reload();
    await visible(keys.getByRole('row').filter({ hasText: 'Nightly import' }).getByText('Revoked'));
  });
});
