import { describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app/router';
import { fixtures } from '@/test/fixtures';
import { errorResponse, json, mockApi } from '@/test/mock-api';
import { render, screen } from '@/test/render';

describe('session expiry', () => {
  it('goes to /login when a 401 cannot be fixed by a refresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      // First refresh (page load) works; the forced one after the 401 does not.
      'POST /auth/refresh': (_call, count) =>
        count === 1
          ? json(fixtures.tokens())
          : errorResponse(401, { detail: 'Session expired', code: 'UNAUTHENTICATED' }),
      'GET /auth/me': () => json(fixtures.me()),
      'GET /api/users/tenant': () =>
        errorResponse(401, { detail: 'Token revoked', code: 'UNAUTHENTICATED' }),
      'GET /api/invites': () => json([]),
    });
    render(<AppRoutes />, { route: '/settings' });

    expect(
      await screen.findByRole('heading', { name: 'Welcome back' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Token refresh failed');
  });

  it('redirects signed-in users from / to /dashboard and unknown paths back to /', async () => {
    mockApi({
      'POST /auth/refresh': () => json(fixtures.tokens()),
      'GET /auth/me': () => json(fixtures.me()),
    });
    render(<AppRoutes />, { route: '/nowhere' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Document processing overview')).toBeInTheDocument();
  });
});
