import { TenantUserListSchema } from '@parser/contracts';
import { describe, expect, it, vi } from 'vitest';

import { fixtures } from '@/test/fixtures';
import { type ApiHandler, errorResponse, json, mockApi, noContent } from '@/test/mock-api';

import {
  ApiError,
  api,
  getAccessToken,
  getErrorMessage,
  refreshAccessToken,
  setSession,
  setSessionExpiredHandler,
} from './api-client';

const members = [
  { id: 'user-1', email: 'ada@example.com', role: 'admin', created_at: '2025-01-01T00:00:00Z' },
];

/** Answers the members to the refreshed token and 401 'Token expired' to any other. */
const membersForFreshTokenOnly: ApiHandler = (call) =>
  call.headers.get('Authorization') === 'Bearer fresh'
    ? json(members)
    : errorResponse(401, { detail: 'Token expired', code: 'UNAUTHENTICATED' });

describe('api-client', () => {
  it('on 401 refreshes once, retries with the new token and returns the parsed answer', async () => {
    setSession(fixtures.tokens({ access_token: 'expired' }));
    const stub = mockApi({
      'GET /api/users/tenant': membersForFreshTokenOnly,
      'POST /auth/refresh': () => json(fixtures.tokens({ access_token: 'fresh' })),
    });

    await expect(api.get('/api/users/tenant', TenantUserListSchema)).resolves.toEqual(members);
    expect(stub.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(
      stub.callsTo('GET /api/users/tenant').map((c) => c.headers.get('Authorization')),
    ).toEqual(['Bearer expired', 'Bearer fresh']);
  });

  it('shares one refresh between concurrent 401s', async () => {
    setSession(fixtures.tokens({ access_token: 'expired' }));
    const stub = mockApi({
      'GET /api/users/tenant': membersForFreshTokenOnly,
      'POST /auth/refresh': async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(fixtures.tokens({ access_token: 'fresh' }));
      },
    });
    await Promise.all([
      api.get('/api/users/tenant', TenantUserListSchema),
      api.get('/api/users/tenant', TenantUserListSchema),
    ]);
    expect(stub.callsTo('POST /auth/refresh')).toHaveLength(1);
  });

  it("when the refresh fails, logs 'Token refresh failed' and signs out", async () => {
    setSession(fixtures.tokens());
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/users/tenant': () =>
        errorResponse(401, { detail: 'Token expired', code: 'UNAUTHENTICATED' }),
      'POST /auth/refresh': () =>
        errorResponse(401, { detail: 'Session expired', code: 'UNAUTHENTICATED' }),
    });

    await expect(api.get('/api/users/tenant', TenantUserListSchema)).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(errorLog).toHaveBeenCalledWith('Token refresh failed');
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('treats a 204 from /auth/refresh as signed out, without logging anything', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warnLog = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'POST /auth/refresh': () => noContent() });

    await expect(refreshAccessToken()).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(getAccessToken()).toBeNull();
    expect(errorLog).not.toHaveBeenCalled();
    expect(warnLog).not.toHaveBeenCalled();
  });

  it('turns an error body into an ApiError with code, status and detail', async () => {
    mockApi({
      'POST /auth/password': () =>
        errorResponse(400, { detail: 'Password is too weak', code: 'VALIDATION_FAILED' }),
    });
    const error = await api
      .post('/auth/password', {}, undefined, { auth: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      detail: 'Password is too weak',
    });
    expect(getErrorMessage(error)).toBe('Password is too weak');
    expect(getErrorMessage(new Error('boom'))).toBe('boom');
    expect(getErrorMessage(null)).toBe('An error occurred');
  });

  it('logs a server failure (5xx) to the console, but not an answer the screen shows (4xx)', async () => {
    mockApi({
      'GET /api/doc-types': () =>
        errorResponse(404, { detail: 'Document type not found', code: 'NOT_FOUND' }),
      'GET /api/pipelines/stats': () =>
        errorResponse(503, { detail: 'Database unavailable', code: 'INTERNAL' }),
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api.get('/api/doc-types', TenantUserListSchema)).rejects.toThrow(
      'Document type not found',
    );
    expect(consoleError).not.toHaveBeenCalled();
    await expect(api.get('/api/pipelines/stats', TenantUserListSchema)).rejects.toThrow(
      'Database unavailable',
    );
    expect(consoleError).toHaveBeenCalledExactlyOnceWith(
      'API GET /api/pipelines/stats failed:',
      'Database unavailable',
    );
  });
});
