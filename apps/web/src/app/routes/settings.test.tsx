import { InviteSchema, TenantUserListSchema } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app/router';
import { fixtures, json, noContent, stubFetch } from '@/test/fetch-stub';
import { render, screen, userEvent, within } from '@/test/render';

const members = TenantUserListSchema.parse([
  { id: 'user-1', email: 'ada@example.com', role: 'admin', created_at: '2025-01-01T00:00:00Z' },
  { id: 'user-2', email: 'bob@example.com', role: 'member', created_at: '2025-01-02T00:00:00Z' },
]);
const invite = InviteSchema.parse({
  id: 'inv-1',
  email: 'cy@example.com',
  role: 'member',
  created_at: '2025-01-03T00:00:00Z',
  expires_at: '2025-01-10T00:00:00Z',
  invite_url: 'http://localhost/invite/secret-token',
});

describe('/settings', () => {
  it('lets an admin create an invite and shows its link once with a Copy button', async () => {
    const stub = stubFetch({
      'GET /api/users/tenant': () => json(members),
      'GET /api/invites': (_c, count) =>
        json(count === 1 ? [] : [{ ...invite, invite_url: undefined }]),
      'POST /api/invites': () => json(invite, 201),
    });
    render(<AppRoutes />, { route: '/settings', user: fixtures.me({ role: 'admin' }) });

    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(table).getByText('bob@example.com')).toBeInTheDocument();
    expect(
      within(table).getByRole('combobox', { name: 'Role for bob@example.com' }),
    ).toBeInTheDocument();
    expect(
      within(table).queryByRole('combobox', { name: 'Role for ada@example.com' }),
    ).not.toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Invite a team member' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Email' }), 'cy@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Create invite' }));

    expect(await screen.findByDisplayValue('http://localhost/invite/secret-token')).toHaveAttribute(
      'readonly',
    );
    expect(screen.getByRole('button', { name: 'Copy invite link' })).toBeInTheDocument();
    expect(stub.callsTo('POST /api/invites')[0]?.body).toEqual({
      email: 'cy@example.com',
      role: 'member',
    });
    const pending = await screen.findByRole('table', { name: 'Pending invites' });
    expect(within(pending).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
  });

  it('shows members no invite form and no role controls', async () => {
    stubFetch({ 'GET /api/users/tenant': () => json(members) });
    render(<AppRoutes />, { route: '/settings', user: fixtures.me({ role: 'member' }) });
    await screen.findByRole('table', { name: 'Team members' });
    expect(screen.queryByRole('button', { name: 'Create invite' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it("changes the password and says 'Password changed'", async () => {
    const stub = stubFetch({
      'GET /api/users/tenant': () => json(members),
      'GET /api/invites': () => json([]),
      'POST /auth/password': () => noContent(),
    });
    render(<AppRoutes />, { route: '/settings', user: fixtures.me() });
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-123');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-password-123');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(stub.callsTo('POST /auth/password')[0]?.body).toEqual({
      current_password: 'old-password',
      new_password: 'new-password-123',
    });
  });
});
