import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app/router';
import { fixtures } from '@/test/fixtures';
import { errorResponse, json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent, waitFor, within } from '@/test/render';
import { settingsScreenHandlers } from '@/test/settings-screen';

describe('POST /auth/login from /login', () => {
  it('shows the red Error alert with the server detail when the login fails', async () => {
    mockApi({
      'POST /auth/login': () =>
        errorResponse(401, { detail: 'Invalid email or password', code: 'UNAUTHENTICATED' }),
    });
    render(<AppRoutes />, { route: '/login', user: null });

    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(within(alert).getByText('Invalid email or password')).toBeInTheDocument();
  });

  it('does not try a token refresh on a wrong password', async () => {
    const stub = mockApi({
      'POST /auth/login': () =>
        errorResponse(401, { detail: 'Invalid email or password', code: 'UNAUTHENTICATED' }),
    });
    render(<AppRoutes />, { route: '/login', user: null });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('alert');
    expect(stub.callsTo('POST /auth/refresh')).toHaveLength(0);
  });

  it('shows the ?message= info and goes to the dashboard after signing in', async () => {
    mockApi({
      'POST /auth/login': () => json(fixtures.tokens()),
      'GET /auth/me': () => json(fixtures.me()),
    });
    render(<AppRoutes />, { route: '/login?message=Please%20sign%20in', user: null });
    expect(screen.getByText('Please sign in')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('restores no session when /auth/refresh fails on page load and shows the landing page', async () => {
    mockApi({
      'POST /auth/refresh': () =>
        errorResponse(401, { detail: 'Not signed in', code: 'UNAUTHENTICATED' }),
    });
    render(<AppRoutes />, { route: '/dashboard' });
    expect(await screen.findByRole('link', { name: 'Explore the Demo' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });
});

describe('a signed-out visitor opening a link into the app', () => {
  it('lands on the landing page, then returns to that link after signing in', async () => {
    mockApi({
      'POST /auth/refresh': () =>
        errorResponse(401, { detail: 'Not signed in', code: 'UNAUTHENTICATED' }),
      'POST /auth/login': () => json(fixtures.tokens()),
      'GET /auth/me': () => json(fixtures.me()),
      ...settingsScreenHandlers([]),
    });
    const { router } = render(<AppRoutes />, { route: '/settings?tab=team' });
    await screen.findByRole('link', { name: 'Explore the Demo' });
    await userEvent.click(screen.getAllByRole('link', { name: 'Sign In' })[0]!);

    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(router.state.location.search).toBe('?tab=team');
    // the tab the link named is the one open
    expect(await screen.findByRole('table', { name: 'Team members' })).toBeInTheDocument();
  });

  it('goes to the dashboard after signing in when no link brought the visitor', async () => {
    mockApi({
      'POST /auth/login': () => json(fixtures.tokens()),
      'GET /auth/me': () => json(fixtures.me()),
    });
    const { router } = render(<AppRoutes />, { route: '/nowhere', user: null });
    expect(await screen.findByRole('link', { name: 'Explore the Demo' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('link', { name: 'Sign In' })[0]!);
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
