import { describe, expect, it } from 'vitest';

import { rateLimitGroupOf } from './rate-limits.js';

describe('rateLimitGroupOf', () => {
  it.each([
    ['POST', '/auth/login', 'sign-in'],
    ['POST', '/api/files::upload', 'uploads'],
    ['POST', '/api/rag', 'uploads'],
    ['POST', '/api/uploads::validate', 'uploads'],
    ['POST', '/api/doc-types/:id/test', 'engine'],
    ['POST', '/api/vision/textlayer', 'engine'],
    ['POST', '/api/agents/data-entry/run', 'engine'],
    ['POST', '/api/agents/reconciliation/run', 'engine'],
    ['POST', '/api/pipelines/:id/export::webhook', 'webhooks'],
  ])('puts %s %s in the %s group', (method, url, group) => {
    expect(rateLimitGroupOf(method, url)).toBe(group);
  });

  it.each([
    ['GET', '/api/rag'],
    ['GET', '/api/agents/runs/:id'],
    ['POST', '/api/agents/data-entry/run/extra'],
    ['POST', '/auth/refresh'],
  ])('leaves %s %s unlimited', (method, url) => {
    expect(rateLimitGroupOf(method, url)).toBeUndefined();
  });
});
