import {
  type ErrorBody,
  ErrorSchema,
  type Me,
  MeSchema,
  type TokenPair,
  TokenPairSchema,
} from '@parser/contracts';
import { vi } from 'vitest';

/** A recorded request seen by the stub. */
export interface StubCall {
  method: string;
  path: string;
  /** The query string, with its `?` (empty when there is none). */
  search: string;
  body: unknown;
  headers: Record<string, string>;
}

export type StubHandler = (call: StubCall, count: number) => Response | Promise<Response>;

/** JSON answer helper. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An error answer that satisfies the contract's ErrorSchema. */
export function errorResponse(status: number, body: ErrorBody): Response {
  return json(ErrorSchema.parse(body), status);
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** Fixtures parsed through the contract schemas, so they cannot drift from the server. */
export const fixtures = {
  tokens: (overrides: Partial<TokenPair> = {}): TokenPair =>
    TokenPairSchema.parse({
      uid: 'user-1',
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      expires_in: 900,
      token_type: 'Bearer',
      ...overrides,
    }),
  me: (overrides: Partial<Me> = {}): Me =>
    MeSchema.parse({
      uid: 'user-1',
      email: 'ada@example.com',
      role: 'admin',
      tenantId: 'tenant-1',
      tenant: { id: 'tenant-1', name: 'Acme Corp', plan: 'basic' },
      ...overrides,
    }),
};

/**
 * Replace global fetch with handlers keyed 'METHOD /path' (query string ignored). Unknown routes
 * answer 404 so a missing handler fails loudly. Returns the recorded calls.
 */
export function stubFetch(handlers: Record<string, StubHandler>) {
  const calls: StubCall[] = [];
  const counts = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}`;
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call: StubCall = { method, path: url.pathname, search: url.search, body, headers };
    calls.push(call);
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    const handler = handlers[key];
    if (!handler) return errorResponse(404, { detail: `No stub for ${key}`, code: 'NOT_FOUND' });
    return handler(call, count);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
