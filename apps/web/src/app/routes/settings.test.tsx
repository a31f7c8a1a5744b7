import {
  ApiKeyListSchema,
  CreatedApiKeySchema,
  InviteSchema,
  TenantUserListSchema,
  WebhookSecretSchema,
} from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app/router';
import { fixtures } from '@/test/fixtures';
import { json, mockApi, noContent } from '@/test/mock-api';
import { render, screen, userEvent, waitFor, within } from '@/test/render';
import { settingsScreenHandlers } from '@/test/settings-screen';

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
    const stub = mockApi({
      'GET /api/users/tenant': () => json(members),
      'GET /api/invites': (_c, count) =>
        json(count === 1 ? [] : [{ ...invite, invite_url: undefined }]),
      'POST /api/invites': () => json(invite, 201),
      'GET /api/api-keys': () => json([]),
      'GET /api/settings/webhook-secret': () => json({ secret: 'whsec_first' }),
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
    mockApi({ 'GET /api/users/tenant': () => json(members) });
    render(<AppRoutes />, { route: '/settings', user: fixtures.me({ role: 'member' }) });
    await screen.findByRole('table', { name: 'Team members' });
    expect(screen.queryByRole('button', { name: 'Create invite' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it("changes the password and says 'Password changed'", async () => {
    const stub = mockApi({
      ...settingsScreenHandlers(members),
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

  it('refuses a new password that breaks the rule, saying why, and sends nothing', async () => {
    const stub = mockApi({
      ...settingsScreenHandlers(members),
    });
    render(<AppRoutes />, { route: '/settings', user: fixtures.me() });
    const newPassword = screen.getByLabelText('New password');
    expect(newPassword).toHaveAccessibleDescription(/^At least 8 characters and hard to guess/);
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password');
    await userEvent.type(newPassword, 'qwertyuiop');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'qwertyuiop');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expect(newPassword).toHaveAccessibleDescription(
        expect.stringContaining('Password is too weak. This is a frequently used password.'),
      ),
    );
    expect(stub.callsTo('POST /auth/password')).toHaveLength(0);
  });

  describe('API keys and webhook signing secret', () => {
    const apiKeys = ApiKeyListSchema.parse([
      {
        id: 'key-1',
        name: 'Accounting import',
        prefix: 'prs_ab12',
        created_by: 'ada@example.com',
        created_at: new Date(2025, 2, 7, 14, 5).toISOString(),
        last_used_at: null,
        revoked_at: null,
      },
    ]);
    const created = CreatedApiKeySchema.parse({
      id: 'key-2',
      name: 'ERP sync',
      prefix: 'prs_cd34',
      created_by: 'ada@example.com',
      created_at: new Date(2025, 2, 8, 9, 30).toISOString(),
      last_used_at: null,
      revoked_at: null,
      key: 'prs_cd34_the-whole-secret-key',
    });
    const secret = WebhookSecretSchema.parse({ secret: 'whsec_first' });
    const adminHandlers = {
      'GET /api/users/tenant': () => json(members),
      'GET /api/invites': () => json([]),
      'GET /api/settings/webhook-secret': () => json(secret),
    };

    it('creates an API key and shows the whole key once, with a Copy button', async () => {
      // A session-long user keeps its clipboard stub, so the copied text can be read back.
      const user = userEvent.setup();
      const stub = mockApi({
        ...adminHandlers,
        'GET /api/api-keys': (_c, count) =>
          json(count === 1 ? apiKeys : [...apiKeys, { ...created, key: undefined }]),
        'POST /api/api-keys': () => json(created, 201),
      });
      render(<AppRoutes />, { route: '/settings', user: fixtures.me({ role: 'admin' }) });

      const table = await screen.findByRole('table', { name: 'API keys' });
      const row = within(table).getByText('Accounting import').closest('tr')!;
      expect(
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual([
        'Accounting import',
        'prs_ab12…',
        'ada@example.com',
        'Mar 7, 2025 14:05',
        'Never',
        'Revoke',
      ]);

      const form = screen.getByRole('form', { name: 'Create an API key' });
      await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));
      expect(await within(form).findByText('Name is required')).toBeInTheDocument();
      await userEvent.type(within(form).getByRole('textbox', { name: 'Key name' }), ' ERP sync ');
      await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));

      const shown = await screen.findByDisplayValue('prs_cd34_the-whole-secret-key');
      expect(shown).toHaveAttribute('readonly');
      expect(screen.getByText(/it will not be shown again/)).toBeInTheDocument();
      expect(stub.callsTo('POST /api/api-keys')[0]?.body).toEqual({ name: 'ERP sync' });
      await user.click(screen.getByRole('button', { name: 'Copy API key' }));
      expect(await navigator.clipboard.readText()).toBe('prs_cd34_the-whole-secret-key');
      expect(await within(table).findByText('ERP sync')).toBeInTheDocument();

      // Once dismissed, the whole key is gone from the page; the list shows only its prefix.
      await userEvent.click(screen.getByRole('button', { name: 'Done' }));
      expect(screen.queryByDisplayValue('prs_cd34_the-whole-secret-key')).not.toBeInTheDocument();
      expect(within(table).getByText('prs_cd34…')).toBeInTheDocument();
    });

    it('revokes an API key only after the confirm', async () => {
      const stub = mockApi({
        ...adminHandlers,
        'GET /api/api-keys': (_c, count) =>
          json(count === 1 ? apiKeys : [{ ...apiKeys[0], revoked_at: '2025-03-09T10:00:00Z' }]),
        'DELETE /api/api-keys/key-1': () => noContent(),
      });
      render(<AppRoutes />, { route: '/settings', user: fixtures.me({ role: 'admin' }) });

      const table = await screen.findByRole('table', { name: 'API keys' });
      await userEvent.click(
        within(table).getByRole('button', { name: 'Revoke Accounting import' }),
      );
      let dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
      expect(dialog).toHaveTextContent('Integrations that use this key will stop working');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(stub.callsTo('DELETE /api/api-keys/key-1')).toEqual([]);

      await userEvent.click(
        within(table).getByRole('button', { name: 'Revoke Accounting import' }),
      );
      dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
      expect(await screen.findByText('API key revoked')).toBeInTheDocument();
      expect(stub.callsTo('DELETE /api/api-keys/key-1')).toHaveLength(1);
      expect(await within(table).findByText('Revoked')).toBeInTheDocument();
      expect(within(table).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    });

    it('shows the signing secret masked until Show, and rotates it after a warning', async () => {
      // A session-long user keeps its clipboard stub, so the copied text can be read back.
      const user = userEvent.setup();
      const stub = mockApi({
        ...adminHandlers,
        'GET /api/api-keys': () => json([]),
        'POST /api/settings/webhook-secret:rotate': () => json({ secret: 'whsec_second' }),
      });
      render(<AppRoutes />, { route: '/settings', user: fixtures.me({ role: 'admin' }) });

      const field = await screen.findByRole('textbox', { name: 'Signing secret' });
      expect(field).not.toHaveValue('whsec_first');
      expect(screen.queryByDisplayValue('whsec_first')).not.toBeInTheDocument();
      expect(screen.getByText(/X-Parser-Signature: t=…,v1=…/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Copy' }));
      expect(await navigator.clipboard.readText()).toBe('whsec_first');
      await userEvent.click(screen.getByRole('button', { name: 'Show' }));
      expect(field).toHaveValue('whsec_first');

      await userEvent.click(screen.getByRole('button', { name: 'Rotate' }));
      const dialog = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
      expect(dialog).toHaveTextContent('Receivers that still check the old secret will reject');
      expect(stub.callsTo('POST /api/settings/webhook-secret:rotate')).toEqual([]);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));

      expect(await screen.findByDisplayValue('whsec_second')).toBe(field);
      expect(stub.callsTo('POST /api/settings/webhook-secret:rotate')).toHaveLength(1);
    });

    it('shows members neither section and asks nothing about them', async () => {
      const stub = mockApi({ 'GET /api/users/tenant': () => json(members) });
      render(<AppRoutes />, { route: '/settings', user: fixtures.me({ role: 'member' }) });
      await screen.findByRole('table', { name: 'Team members' });

      expect(screen.queryByRole('heading', { name: 'API keys' })).not.toBeInTheDocument();
      expect(
        screen.queryByRole('heading', { name: 'Webhook signing secret' }),
      ).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Password' })).toBeInTheDocument();
      expect(stub.callsTo('GET /api/api-keys')).toEqual([]);
      expect(stub.callsTo('GET /api/settings/webhook-secret')).toEqual([]);
    });
  });
});

describe('/settings company settings', () => {
  const defaults = {
    download_zip_on_approval: true,
    allow_self_approval: true,
    require_note_for_failed_checks: false,
    sender_keeps_sent_documents: false,
    usual_date_order: null,
    usual_currency: null,
  };

  it.each([
    { name: /Download the ZIP after an approval/, key: 'download_zip_on_approval', to: false },
    { name: /Keep documents you send for approval/, key: 'sender_keeps_sent_documents', to: true },
    {
      name: /Ask for a note when approving failed checks/,
      key: 'require_note_for_failed_checks',
      to: true,
    },
  ] as const)(
    'lets an admin switch $key to $to, saving just that key',
    async ({ name, key, to }) => {
      const stub = mockApi({
        ...settingsScreenHandlers(members),
        'GET /api/company/settings': () => json(defaults),
        'PUT /api/company/settings': () => json({ ...defaults, [key]: to }),
      });
      render(<AppRoutes />, { route: '/settings', user: fixtures.me({ role: 'admin' }) });

      const toggle = await screen.findByRole('switch', { name });
      if (to) expect(toggle).not.toBeChecked();
      else expect(toggle).toBeChecked();
      await userEvent.click(toggle);

      await waitFor(() => (to ? expect(toggle).toBeChecked() : expect(toggle).not.toBeChecked()));
      expect(stub.callsTo('PUT /api/company/settings')[0]?.body).toEqual({ [key]: to });
    },
  );

  it('shows members the settings without letting them change them', async () => {
    mockApi({
      'GET /api/users/tenant': () => json(members),
      'GET /api/company/settings': () => json({ ...defaults, allow_self_approval: false }),
    });
    render(<AppRoutes />, { route: '/settings', user: fixtures.me({ role: 'member' }) });

    const selfApproval = await screen.findByRole('switch', {
      name: /Allow approving your own submissions/,
    });
    expect(selfApproval).not.toBeChecked();
    expect(selfApproval).toBeDisabled();
    expect(screen.getByText('Set by an admin of your company.')).toBeInTheDocument();
  });
});
