import { TenantUserListSchema } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app/router';
import { fixtures } from '@/test/fixtures';
import { mockApi, noContent } from '@/test/mock-api';
import { render, screen, userEvent, within } from '@/test/render';
import { settingsScreenHandlers } from '@/test/settings-screen';

const members = TenantUserListSchema.parse([
  {
    id: 'user-1',
    email: 'ada@example.com',
    role: 'admin',
    created_at: '2025-01-01T00:00:00Z',
    active_api_keys: 0,
  },
  {
    id: 'user-2',
    email: 'bob@example.com',
    role: 'admin',
    created_at: '2025-01-02T00:00:00Z',
    active_api_keys: 2,
  },
  {
    id: 'user-3',
    email: 'cy@example.com',
    role: 'member',
    created_at: '2025-01-03T00:00:00Z',
    active_api_keys: 0,
  },
]);

const handlers = {
  ...settingsScreenHandlers(members),
  'DELETE /api/users/user-2': () => noContent(),
  'DELETE /api/users/user-3': () => noContent(),
};

async function openRemoval(email: string) {
  const table = await screen.findByRole('table', { name: 'Team members' });
  const row = within(table).getByText(email).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Remove' }));
  return screen.findByRole('dialog', { name: 'Remove member' });
}

describe('/settings removing a member who created API keys', () => {
  it('revokes their keys with them unless the admin unticks the box', async () => {
    const stub = mockApi(handlers);
    render(<AppRoutes />, { route: '/settings', user: fixtures.me({ role: 'admin' }) });

    let dialog = await openRemoval('bob@example.com');
    const revoke = within(dialog).getByRole('checkbox', {
      name: 'Also revoke the 2 API keys they created',
    });
    expect(revoke).toBeChecked();
    expect(dialog).toHaveTextContent('Integrations that use them stop working now.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect(await screen.findByText('bob@example.com was removed')).toBeInTheDocument();
    expect(stub.callsTo('DELETE /api/users/user-2')[0]?.search).toBe('?revoke_api_keys=true');

    dialog = await openRemoval('bob@example.com');
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Also revoke the 2 API keys they created' }),
    );
    expect(dialog).toHaveTextContent('The keys keep working for the company');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await screen.findAllByText('bob@example.com was removed');
    expect(stub.callsTo('DELETE /api/users/user-2')[1]?.search).toBe('?revoke_api_keys=false');
  });

  it('asks nothing about keys for a member who created none', async () => {
    mockApi(handlers);
    render(<AppRoutes />, { route: '/settings', user: fixtures.me({ role: 'admin' }) });
    const dialog = await openRemoval('cy@example.com');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
