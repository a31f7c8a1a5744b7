import { describe, expect, it } from 'vitest';

import { redactUrl } from './redact-url.js';

describe('redactUrl', () => {
  it('replaces invite tokens in the API routes and in the web link', () => {
    expect(redactUrl('/auth/invites/Zx9-abc_DEF')).toBe('/auth/invites/[redacted]');
    expect(redactUrl('/auth/invites/Zx9-abc_DEF/accept')).toBe('/auth/invites/[redacted]/accept');
    expect(redactUrl('/invite/Zx9-abc_DEF?from=mail')).toBe('/invite/[redacted]?from=mail');
    expect(redactUrl('//Auth//Invites/Zx9-abc_DEF')).toBe('//Auth//Invites/[redacted]');
  });

  it('replaces credential-like query values, whatever their case or encoding', () => {
    expect(redactUrl('/api/exports?limit=5&api_key=prs_123&Token=abc')).toBe(
      '/api/exports?limit=5&api_key=[redacted]&Token=[redacted]',
    );
    expect(redactUrl('/x?access%5Ftoken=abc&password')).toBe(
      '/x?access%5Ftoken=[redacted]&password=[redacted]',
    );
  });

  it('leaves other URLs as they were sent', () => {
    for (const url of [
      '/api/pipelines/3f1c/review',
      '/api/invites/3f1c',
      '/api/exports?limit=5&cursor=abc%3D&q=a+b',
      '/auth/invites',
      '/',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
