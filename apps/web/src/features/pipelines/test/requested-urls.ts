import type { Mock } from 'vitest';

/** Every address the stubbed fetch was called with, query string included, in call order. */
export function requestedUrls(fetchMock: Mock<typeof fetch>): string[] {
  return fetchMock.mock.calls.map(([input]) =>
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
  );
}
