import { describe, expect, it } from 'vitest';

import { signUpWithTenant } from './build-test-app.js';
import { company, inviteMember, signUp, uniqueEmail } from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

// One fresh database per file; every test makes its own companies and e-mails.
const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

/** An admin's company with one member who joined through an invite. */
async function companyWithMember(tenantName = 'Acme Ltd') {
  const admin = await company(t.app, tenantName);
  return { admin, member: await inviteMember(t.app, admin) };
}

describe('invites', () => {
  it('lets an invited person join the right company as a member and appear in GET /api/users/tenant', async () => {
    const admin = await signUpWithTenant(t.app, uniqueEmail('admin'), 'Acme Ltd');
    const other = await signUpWithTenant(t.app, uniqueEmail('other'), 'Other Co');
    const memberEmail = uniqueEmail('member');

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/invites',
      headers: admin.headers,
      payload: { email: memberEmail },
    });
    expect(created.statusCode).toBe(201);
    const invite = created.json();
    expect(invite).toMatchObject({ email: memberEmail, role: 'member' });
    expect(invite.invite_url).toMatch(/^http:\/\/localhost(:\d+)?\/invite\/[\w-]{30,}$/);
    const token = invite.invite_url.split('/invite/')[1];

    const preview = await t.app.inject({ method: 'GET', url: `/auth/invites/${token}` });
    expect(preview.json()).toEqual({ tenant_name: 'Acme Ltd', email: memberEmail, role: 'member' });

    const member = await signUp(t.app, memberEmail);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/auth/invites/${token}/accept`,
      headers: member.headers,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      role: 'member',
      tenantId: admin.tenantId,
      tenant: { name: 'Acme Ltd' },
    });

    const users = await t.app.inject({
      method: 'GET',
      url: '/api/users/tenant',
      headers: admin.headers,
    });
    expect(users.statusCode).toBe(200);
    expect(users.json()).toHaveLength(2);
    expect(users.json()).toContainEqual(
      expect.objectContaining({ id: member.uid, email: memberEmail, role: 'member' }),
    );

    const otherUsers = await t.app.inject({
      method: 'GET',
      url: '/api/users/tenant',
      headers: other.headers,
    });
    expect(otherUsers.json().map((user: { email: string }) => user.email)).not.toContain(
      memberEmail,
    );

    // The link works once.
    expect((await t.app.inject({ method: 'GET', url: `/auth/invites/${token}` })).statusCode).toBe(
      404,
    );
  });

  it('binds the invite to its e-mail and refuses someone who already has a company', async () => {
    const admin = await signUpWithTenant(t.app, uniqueEmail('admin'));
    const invitedEmail = uniqueEmail('invited');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/invites',
      headers: admin.headers,
      payload: { email: invitedEmail },
    });
    const token = created.json().invite_url.split('/invite/')[1];

    const stranger = await signUp(t.app, uniqueEmail('stranger'));
    const wrongPerson = await t.app.inject({
      method: 'POST',
      url: `/auth/invites/${token}/accept`,
      headers: stranger.headers,
    });
    expect(wrongPerson.statusCode).toBe(403);
    expect(wrongPerson.json().detail).toContain(invitedEmail);

    const invitedWithCompany = await signUpWithTenant(t.app, invitedEmail, 'Own Co');
    const conflict = await t.app.inject({
      method: 'POST',
      url: `/auth/invites/${token}/accept`,
      headers: invitedWithCompany.headers,
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().detail).toMatch(/already belongs to a company/);
  });

  it('lists pending invites for admins, lets them revoke one, and refuses members', async () => {
    const { admin, member } = await companyWithMember();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/invites',
      headers: admin.headers,
      payload: { email: uniqueEmail('later'), role: 'admin' },
    });
    const invite = created.json();

    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/invites',
      headers: admin.headers,
    });
    expect(pending.json().map((i: { id: string }) => i.id)).toEqual([invite.id]);
    expect(pending.json()[0].invite_url).toBeUndefined();

    const byMember = await t.app.inject({
      method: 'POST',
      url: '/api/invites',
      headers: member.headers,
      payload: { email: uniqueEmail('x') },
    });
    expect(byMember.statusCode).toBe(403);

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/invites/${invite.id}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/invites', headers: admin.headers })).json(),
    ).toEqual([]);
    const token = invite.invite_url.split('/invite/')[1];
    const preview = await t.app.inject({ method: 'GET', url: `/auth/invites/${token}` });
    expect(preview.statusCode).toBe(404);
    expect(preview.json().detail).toBe('This invite link is invalid or has expired');
  });

  it('refuses to invite someone who is already a member', async () => {
    const { admin, member } = await companyWithMember();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/invites',
      headers: admin.headers,
      payload: { email: member.email },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('tenant isolation', () => {
  it("answers 404 to tenant B for tenant A's user and invite ids, exactly like unknown ids", async () => {
    const a = await companyWithMember('Company A');
    const b = await signUpWithTenant(t.app, uniqueEmail('b-admin'), 'Company B');
    const inviteOfA = (
      await t.app.inject({
        method: 'POST',
        url: '/api/invites',
        headers: a.admin.headers,
        payload: { email: uniqueEmail('pending') },
      })
    ).json();

    const attempts = [
      { method: 'PATCH' as const, url: `/api/users/${a.member.uid}`, payload: { role: 'admin' } },
      { method: 'DELETE' as const, url: `/api/users/${a.member.uid}` },
      { method: 'DELETE' as const, url: `/api/invites/${inviteOfA.id}` },
      { method: 'DELETE' as const, url: '/api/users/00000000-0000-4000-8000-000000000000' },
      { method: 'DELETE' as const, url: '/api/users/not-a-uuid' },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: b.headers });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    // Nothing changed in A.
    const usersOfA = await t.app.inject({
      method: 'GET',
      url: '/api/users/tenant',
      headers: a.admin.headers,
    });
    expect(usersOfA.json()).toContainEqual(
      expect.objectContaining({ id: a.member.uid, role: 'member' }),
    );
    const invitesOfA = await t.app.inject({
      method: 'GET',
      url: '/api/invites',
      headers: a.admin.headers,
    });
    expect(invitesOfA.json().map((i: { id: string }) => i.id)).toContain(inviteOfA.id);
  });
});

describe('PATCH /api/users/:id and DELETE /api/users/:id', () => {
  it('lets an admin promote a member and keeps at least one admin', async () => {
    const { admin, member } = await companyWithMember();
    const promoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${member.uid}`,
      headers: admin.headers,
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ id: member.uid, role: 'admin' });
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: member.headers });
    expect(me.json().role).toBe('admin');

    // Two admins now: one may step down, the last one may not.
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/users/${admin.uid}`,
          headers: admin.headers,
          payload: { role: 'member' },
        })
      ).statusCode,
    ).toBe(200);
    const last = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${member.uid}`,
      headers: member.headers,
      payload: { role: 'member' },
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().detail).toBe('A company needs at least one admin');
  });

  it('refuses role changes by members with 403', async () => {
    const { admin, member } = await companyWithMember();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${admin.uid}`,
      headers: member.headers,
      payload: { role: 'member' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('removes a member: they leave the list and lose access to the company at once', async () => {
    const { admin, member } = await companyWithMember();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${member.uid}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    const users = await t.app.inject({
      method: 'GET',
      url: '/api/users/tenant',
      headers: admin.headers,
    });
    expect(users.json().map((u: { id: string }) => u.id)).not.toContain(member.uid);
    const memberView = await t.app.inject({
      method: 'GET',
      url: '/api/users/tenant',
      headers: member.headers,
    });
    expect(memberView.statusCode).toBe(403);
    const self = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${admin.uid}`,
      headers: admin.headers,
    });
    expect(self.statusCode).toBe(409);
  });
});

describe('POST /api/users/setup-tenant', () => {
  it('attaches an account without a company to a new one, and changes nothing for one that has one', async () => {
    const solo = await signUp(t.app, uniqueEmail('solo'));
    const fixed = await t.app.inject({
      method: 'POST',
      url: '/api/users/setup-tenant',
      headers: solo.headers,
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toEqual({ message: expect.stringMatching(/created/), fixed_documents: 0 });
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: solo.headers });
    expect(me.json()).toMatchObject({
      role: 'admin',
      tenant: { name: 'My Company', plan: 'basic' },
    });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/setup-tenant',
      headers: solo.headers,
    });
    expect(again.json().message).toMatch(/already/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: solo.headers })).json()
        .tenantId,
    ).toBe(me.json().tenantId);
  });

  it('keeps users without a company out of tenant routes with 403', async () => {
    const solo = await signUp(t.app, uniqueEmail('solo'));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/tenant',
      headers: solo.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/does not belong to a company/);
  });
});
