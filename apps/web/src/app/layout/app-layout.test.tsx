import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app/router';
import { fixtures } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { render, screen, userEvent, within } from '@/test/render';

describe('AppLayout', () => {
  it('shows the Admin entry to admins', () => {
    mockApi({});
    render(<AppRoutes />, { route: '/dashboard', user: fixtures.me({ role: 'admin' }) });
    const nav = screen.getByRole('navigation', { name: 'Navigation' });
    for (const label of [
      'Dashboard',
      'Document Types',
      'Upload',
      'Exports',
      'Agents',
      'Admin',
      'Settings',
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).getByText('admin User')).toBeInTheDocument();
    expect(within(nav).getByText('Acme Corp')).toBeInTheDocument();
  });

  it('hides the Admin entry from members', () => {
    mockApi({});
    render(<AppRoutes />, { route: '/dashboard', user: fixtures.me({ role: 'member' }) });
    const nav = screen.getByRole('navigation', { name: 'Navigation' });
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(within(nav).getByText('member User')).toBeInTheDocument();
  });

  it('shows the plan badge and a user menu that logs out to /login', async () => {
    const stub = mockApi({ 'POST /auth/logout': () => new Response(null, { status: 204 }) });
    render(<AppRoutes />, {
      route: '/dashboard',
      user: fixtures.me({ tenant: { id: 't', name: 'Acme Corp', plan: 'pro' } }),
    });
    expect(screen.getByText('pro')).toBeInTheDocument();

    const trigger = screen.getByRole('button', { name: 'User menu' });
    expect(trigger).toHaveTextContent('A');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(stub.callsTo('POST /auth/logout')).toHaveLength(1);
  });

  it("shows 'Set up your company' instead of the shell to a user without a tenant", () => {
    mockApi({});
    render(<AppRoutes />, {
      route: '/dashboard',
      user: fixtures.me({ tenant: null, tenantId: null, role: null }),
    });
    expect(screen.getByRole('heading', { name: 'Set up your company' })).toBeInTheDocument();
    expect(screen.getByLabelText('Company Name')).toHaveValue('My Company');
  });
});
