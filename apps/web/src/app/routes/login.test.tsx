import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app/router';
import { errorResponse, fixtures, json, stubFetch } from '@/test/fetch-stub';
import { render, screen, userEvent, within } from '@/test/render';

describe('POST /auth/login from /login', () => {
  it('shows the red Error alert with the server detail when the login fails', async () => {
    stubFetch({
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
    const stub = stubFetch({
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
    stubFetch({
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
    stubFetch({
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
