import { describe, expect, it } from 'vitest';

import { CapturedLogs } from './captured-logs.js';
import { company, signUp, uniqueEmail } from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const logs = new CapturedLogs();
const t = testAppPerFile({ LOG_LEVEL: 'info', ...RELAXED_SIGN_IN_LIMITS }, { logStream: logs });

/** The URLs of the app's "incoming request" log lines. */
const loggedUrls = () =>
  logs
    .entries()
    .flatMap((entry) => (entry.msg === 'incoming request' ? [entry.req as { url: string }] : []))
    .map((req) => req.url);

describe('request log lines', () => {
  it('never show an invite token, in the API routes or in the web link', async () => {
    const admin = await company(t.app);
    const email = uniqueEmail('member');
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/invites',
      headers: admin.headers,
      payload: { email },
    });
    const token = invite.json<{ invite_url: string }>().invite_url.split('/invite/')[1]!;
    expect(token.length).toBeGreaterThan(20);

    const preview = await t.app.inject({ method: 'GET', url: `/auth/invites/${token}` });
    expect(preview.statusCode).toBe(200);
    const member = await signUp(t.app, email);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/auth/invites/${token}/accept`,
      headers: member.headers,
    });
    expect(accepted.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/invite/${token}` });

    expect(logs.text).not.toContain(token);
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        '/auth/invites/[redacted]',
        '/auth/invites/[redacted]/accept',
        '/invite/[redacted]',
      ]),
    );
  });

  it('never show a credential a client put in the query, and keep the rest of the URL', async () => {
    const admin = await company(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'Importer' },
    });
    const key = created.json<{ key: string }>().key;
    await t.app.inject({
      method: 'GET',
      url: `/api/exports?limit=5&api_key=${key}&access_token=${admin.access_token}`,
      headers: admin.headers,
    });
    expect(logs.text).not.toContain(key);
    expect(logs.text).not.toContain(admin.access_token);
    expect(loggedUrls()).toContain(
      '/api/exports?limit=5&api_key=[redacted]&access_token=[redacted]',
    );
  });
});
