import { describe, expect, it } from 'vitest';

import { company, inviteMember } from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

describe('GET /api/company/settings', () => {
  it('answers the defaults for a new company: ZIP on approval, self-approval allowed, no fallbacks', async () => {
    const admin = await company(t.app, 'Defaults Ltd');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/company/settings',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      download_zip_on_approval: true,
      allow_self_approval: true,
      require_note_for_failed_checks: false,
      sender_keeps_sent_documents: false,
      usual_date_order: null,
      usual_currency: null,
    });
  });
});

describe('PUT /api/company/settings', () => {
  it('changes only the keys sent, keeps them for every member and never for another company', async () => {
    const admin = await company(t.app, 'Changes Ltd');
    const member = await inviteMember(t.app, admin);
    const other = await company(t.app, 'Other Ltd');

    const first = await t.app.inject({
      method: 'PUT',
      url: '/api/company/settings',
      headers: admin.headers,
      payload: { download_zip_on_approval: false, usual_currency: 'eur' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ download_zip_on_approval: false, usual_currency: 'EUR' });

    const second = await t.app.inject({
      method: 'PUT',
      url: '/api/company/settings',
      headers: admin.headers,
      payload: { usual_date_order: 'month_first' },
    });
    expect(second.json()).toEqual({
      download_zip_on_approval: false,
      allow_self_approval: true,
      require_note_for_failed_checks: false,
      sender_keeps_sent_documents: false,
      usual_date_order: 'month_first',
      usual_currency: 'EUR',
    });

    const seenByMember = await t.app.inject({
      method: 'GET',
      url: '/api/company/settings',
      headers: member.headers,
    });
    expect(seenByMember.json()).toEqual(second.json());

    const seenByOther = await t.app.inject({
      method: 'GET',
      url: '/api/company/settings',
      headers: other.headers,
    });
    expect(seenByOther.json()).toMatchObject({
      download_zip_on_approval: true,
      usual_currency: null,
    });
  });

  it('answers 403 to a member, and 400 to an unknown key or a malformed currency', async () => {
    const admin = await company(t.app, 'Guarded Ltd');
    const member = await inviteMember(t.app, admin);

    const byMember = await t.app.inject({
      method: 'PUT',
      url: '/api/company/settings',
      headers: member.headers,
      payload: { allow_self_approval: false },
    });
    expect(byMember.statusCode).toBe(403);

    for (const payload of [{ colour: 'blue' }, { usual_currency: 'euro' }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/company/settings',
        headers: admin.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('detail');
    }

    const unchanged = await t.app.inject({
      method: 'GET',
      url: '/api/company/settings',
      headers: admin.headers,
    });
    expect(unchanged.json()).toMatchObject({ allow_self_approval: true, usual_currency: null });
  });
});
