import { InvitePreviewSchema } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app/router';
import { fixtures } from '@/test/fixtures';
import { errorResponse, json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent } from '@/test/render';

const preview = InvitePreviewSchema.parse({
  tenant_name: 'Acme Corp',
  email: 'cy@example.com',
  role: 'member',
});

describe('/invite/:token', () => {
  it('signs up without /auth/register, accepts the invite and opens the dashboard', async () => {
    const stub = mockApi({
      'GET /auth/invites/tok-1': () => json(preview),
      'POST /auth/signup': () => json(fixtures.tokens({ uid: 'cy' }), 201),
      'POST /auth/invites/tok-1/accept': () =>
        json(fixtures.me({ uid: 'cy', email: 'cy@example.com', role: 'member' })),
      'GET /auth/me': () =>
        json(fixtures.me({ uid: 'cy', email: 'cy@example.com', role: 'member' })),
    });
    render(<AppRoutes />, { route: '/invite/tok-1', user: null });

    expect(await screen.findByRole('heading', { name: 'Join Acme Corp' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveValue('cy@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'correct-horse');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and join' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(stub.callsTo('POST /auth/register')).toHaveLength(0);
    expect(stub.callsTo('POST /auth/invites/tok-1/accept')[0]?.headers.get('Authorization')).toBe(
      'Bearer access-1',
    );
  });

  it('shows the 409 detail when a signed-in user already belongs to a company', async () => {
    mockApi({
      'GET /auth/invites/tok-1': () => json(preview),
      'POST /auth/invites/tok-1/accept': () =>
        errorResponse(409, { detail: 'You already belong to a company', code: 'CONFLICT' }),
    });
    render(<AppRoutes />, { route: '/invite/tok-1', user: fixtures.me() });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Acme Corp' }));
    expect(await screen.findByText('You already belong to a company')).toBeInTheDocument();
  });

  it('says when the link is invalid', async () => {
    mockApi({
      'GET /auth/invites/bad': () =>
        errorResponse(404, {
          detail: 'This invite link is invalid or has expired',
          code: 'NOT_FOUND',
        }),
    });
    render(<AppRoutes />, { route: '/invite/bad', user: null });
    expect(
      await screen.findByText('This invite link is invalid or has expired'),
    ).toBeInTheDocument();
  });
});
