import { describe, expect, it } from 'vitest';

import {
  callApi,
  inviteMemberViaApi,
  PASSWORD,
  signUpViaApi,
  uniqueEmail,
} from '../support/api.js';
import { useE2E } from '../support/harness.js';
import { loginViaUi, visible } from '../support/ui.js';

const e2e = useE2E();

describe('removing a member who created API keys', () => {
  it('shows who created each key, and the removal dialog revokes their keys with them', async () => {
    const base = e2e().baseUrl;
    const admin = await signUpViaApi(base, uniqueEmail('admin'), PASSWORD, 'Keys Ltd');
    const colleague = await inviteMemberViaApi(base, admin, uniqueEmail('colleague'), PASSWORD);
    const users = await callApi<{ id: string; email: string }[]>(
      base,
      'GET',
      '/api/users/tenant',
      undefined,
      admin.access_token,
    );
    const colleagueId = users.find((user) => user.email === colleague.email)!.id;
    await callApi(
      base,
      'PATCH',
      `/api/users/${colleagueId}`,
      { role: 'admin' },
      admin.access_token,
    );
    const { key } = await callApi<{ key: string }>(
      base,
      'POST',
      '/api/api-keys',
      { name: 'Nightly import' },
      colleague.access_token,
    );
    const keyStatus = async () =>
      (await fetch(`${base}/api/doc-types`, { headers: { authorization: `Bearer ${key}` } }))
        .status;
    expect(await keyStatus()).toBe(200);

    const { page } = await e2e().newUser();
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
