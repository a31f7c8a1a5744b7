import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app/router';
import { fixtures } from '@/test/fixtures';
import { errorResponse, json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent, waitFor } from '@/test/render';

async function fillSignup(password: string, confirm: string) {
  await userEvent.type(screen.getByLabelText('Email Address'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('POST /auth/signup from /signup', () => {
  it("shows 'Passwords do not match' and sends nothing when the passwords differ", async () => {
    const stub = mockApi({});
    render(<AppRoutes />, { route: '/signup', user: null });

    expect(screen.getByText('Work in Progress')).toBeInTheDocument();
    await fillSignup('correct-horse-1', 'correct-horse-2');

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(stub.calls).toHaveLength(0);
  });

  it('states the password rule under the field before anything is sent', () => {
    const stub = mockApi({});
    render(<AppRoutes />, { route: '/signup', user: null });
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters and hard to guess: not a common password or word, a date, a keyboard pattern or a repetition, nor your e-mail address. A few unrelated words work well.',
    );
    expect(stub.calls).toHaveLength(0);
  });

  it.each([
    ['a common password', 'password1', 'This is a commonly used password.'],
    [
      'a repetition',
      'abcabcabcabc',
      'Repeated character patterns like "abcabcabc" are easy to guess.',
    ],
    ['the e-mail address', 'ada@example.com', 'Parts of your e-mail address are easy to guess.'],
    ['a short one', 'Xq7#vbn', 'Use at least 8 characters.'],
  ])('refuses %s under the field, saying why, and sends nothing', async (_what, password, why) => {
    const stub = mockApi({});
    render(<AppRoutes />, { route: '/signup', user: null });
    await fillSignup(password, password);

    const field = screen.getByLabelText('Password');
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(why)));
    expect(field).toHaveAccessibleDescription(expect.stringMatching(/Password is too weak\./));
    expect(stub.calls).toHaveLength(0);
  });

  it('says what the rule is when the server finds the password too weak', async () => {
    mockApi({
      'POST /auth/signup': () =>
        errorResponse(400, {
          detail:
            'Password is too weak. At least 8 characters and hard to guess: not a common password or word, a date, a keyboard pattern or a repetition, nor your e-mail address. A few unrelated words work well.',
          code: 'VALIDATION_FAILED',
        }),
    });
    render(<AppRoutes />, { route: '/signup', user: null });
    await fillSignup('correct-horse-1', 'correct-horse-1');
    expect(
      await screen.findByText(/^Password is too weak\. At least 8 characters/),
    ).toBeInTheDocument();
  });

  it('shows the server detail when the e-mail is taken', async () => {
    mockApi({
      'POST /auth/signup': () =>
        errorResponse(409, { detail: 'Email is already registered', code: 'CONFLICT' }),
    });
    render(<AppRoutes />, { route: '/signup', user: null });
    await fillSignup('correct-horse', 'correct-horse');
    expect(await screen.findByText('Email is already registered')).toBeInTheDocument();
  });

  it("registers the company as 'My Company' when blank, then opens the dashboard", async () => {
    const stub = mockApi({
      'POST /auth/signup': () => json(fixtures.tokens({ uid: 'new-user' }), 201),
      'POST /auth/register': () => json(fixtures.me({ uid: 'new-user' })),
    });
    render(<AppRoutes />, { route: '/signup', user: null });
    await fillSignup('correct-horse', 'correct-horse');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const [register] = stub.callsTo('POST /auth/register');
    expect(register?.body).toEqual({
      uid: 'new-user',
      email: 'ada@example.com',
      tenant_name: 'My Company',
    });
    expect(register?.headers.get('Authorization')).toBe('Bearer access-1');
  });
});
