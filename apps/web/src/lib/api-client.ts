import { type ErrorCode, ErrorSchema, type TokenPair, TokenPairSchema } from '@parser/contracts';
import type { z } from 'zod';

/** Same origin by default: the server serves the built app and the API side by side. */
const BASE_URL: string = (import.meta.env.VITE_API_URL as string | undefined) ?? '';

/** Spec section 9: backend request timeout. */
export const REQUEST_TIMEOUT_MS = 120_000;

/** Refresh this many seconds before the access token expires. */
const REFRESH_LEEWAY_S = 60;

const DEFAULT_DETAIL = 'An error occurred';

/** A failed API call. UI code branches on `code` and shows `detail`. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** The server's `detail`: one message, or a list of messages for validation errors. */
  readonly detail: string | string[];

  constructor(opts: { code: ErrorCode; status: number; detail: string | string[] }) {
    super(Array.isArray(opts.detail) ? opts.detail.join('\n') : opts.detail);
    this.name = 'ApiError';
    this.code = opts.code;
    this.status = opts.status;
    this.detail = opts.detail;
  }
}

/** The message to show for any error: the API detail, else the error message, else the fallback. */
export function getErrorMessage(error: unknown, fallback = DEFAULT_DETAIL): string {
  if (error instanceof ApiError) {
    const text = Array.isArray(error.detail) ? error.detail.join('\n') : error.detail;
    return text || fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
    case 422:
      return 'VALIDATION_FAILED';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'FILE_TOO_LARGE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'INTERNAL';
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (e.g. a proxy's HTML error page): fall back to the status text.
  }
  const parsed = ErrorSchema.safeParse(body);
  if (parsed.success) {
    return new ApiError({
      code: parsed.data.code,
      status: response.status,
      detail: parsed.data.detail,
    });
  }
  const loose = body as { detail?: unknown } | null;
  const detail =
    typeof loose?.detail === 'string' || Array.isArray(loose?.detail)
      ? (loose.detail as string | string[])
      : response.statusText || DEFAULT_DETAIL;
  return new ApiError({ code: codeForStatus(response.status), status: response.status, detail });
}

// ---------------------------------------------------------------------------------------------
// Session: the access token lives in memory only. The refresh token is an httpOnly cookie the
// server sets on signup/login/refresh, so script on the page can never read it.
// ---------------------------------------------------------------------------------------------

let accessToken: string | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshInFlight: Promise<TokenPair> | null = null;

type SessionExpiredHandler = () => void;
let sessionExpiredHandler: SessionExpiredHandler | null = null;

/** The in-memory access token, if signed in. */
export function getAccessToken(): string | null {
  return accessToken;
}

/** Store a fresh access token and schedule the silent refresh before it expires. */
export function setSession(tokens: TokenPair): void {
  accessToken = tokens.access_token;
  clearTimeout(refreshTimer);
  // setTimeout overflows above 2^31-1 ms; the floor keeps a tiny lifetime from looping.
  const delayMs = Math.min(Math.max(tokens.expires_in - REFRESH_LEEWAY_S, 5) * 1000, 2 ** 31 - 1);
  refreshTimer = setTimeout(() => {
    refreshAccessToken().catch(() => {
      // The next request's 401 runs the forced refresh and, if that fails too, signs out.
      console.warn('Silent token refresh failed');
    });
  }, delayMs);
}

/** Forget the access token and cancel the scheduled refresh. */
export function clearSession(): void {
  accessToken = null;
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
}

/** Called when a forced refresh fails: the app signs the user out and goes to /login. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler | null): void {
  sessionExpiredHandler = handler;
}

/**
 * Exchange the refresh cookie for a new access token. Concurrent callers share one request, so a
 * burst of 401s (or React's double-invoked effects) never rotates the refresh token twice.
 */
export function refreshAccessToken(): Promise<TokenPair> {
  refreshInFlight ??= (async () => {
    try {
      const exchange = () =>
        request('POST', '/auth/refresh', { body: {}, schema: TokenPairSchema, auth: false });
      // Tabs share the refresh cookie and each refresh rotates it: a cross-tab lock makes them take
      // turns, so a second tab never presents the token the first just rotated (which the server
      // treats as theft and answers by revoking the session).
      // `request` answers undefined for a 204, whatever the schema.
      const tokens: TokenPair | undefined =
        typeof navigator !== 'undefined' && 'locks' in navigator
          ? await navigator.locks.request('parser-token-refresh', exchange)
          : await exchange();
      // 204: this browser holds no refresh token, i.e. nobody is signed in.
      if (!tokens) {
        throw new ApiError({ code: 'UNAUTHENTICATED', status: 401, detail: 'Not signed in' });
      }
      setSession(tokens);
      return tokens;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

function expireSession(): void {
  console.error('Token refresh failed');
  clearSession();
  if (sessionExpiredHandler) sessionExpiredHandler();
  else window.location.assign('/login');
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions<S extends z.ZodType | undefined> {
  body?: unknown;
  /** The contract schema the answer is parsed with; omit for 204 answers. */
  schema?: S;
  /** Send the bearer token and handle 401 with one refresh and one retry. @default true */
  auth?: boolean;
  signal?: AbortSignal;
}

type Result<S> = S extends z.ZodType ? z.infer<S> : undefined;

async function send(
  method: HttpMethod,
  path: string,
  body: unknown,
  auth: boolean,
  outerSignal?: AbortSignal,
): Promise<Response> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  outerSignal?.addEventListener('abort', onOuterAbort);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (auth && accessToken) headers.Authorization = `Bearer ${accessToken}`;
  try {
    return await fetch(`${BASE_URL}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted && !outerSignal?.aborted) {
      throw new ApiError({ code: 'INTERNAL', status: 0, detail: 'Request timed out' });
    }
    throw error;
  } finally {
    clearTimeout(timeout);
    outerSignal?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * Send a request; a 401 gets one forced refresh and one retry (spec section 4), and a second 401
 * is a real answer. Answers the response, which is ok or throws `ApiError`.
 */
async function sendAuthorised(
  method: HttpMethod,
  path: string,
  body: unknown,
  auth: boolean,
  signal?: AbortSignal,
): Promise<Response> {
  let response = await send(method, path, body, auth, signal);
  if (response.status === 401 && auth) {
    try {
      await refreshAccessToken();
    } catch {
      expireSession();
      throw await toApiError(response);
    }
    response = await send(method, path, body, auth, signal);
  }
  if (!response.ok) {
    const error = await toApiError(response);
    // A 4xx is an answer the screen shows in words (not found, conflict, invalid input); only a
    // server failure is worth a line in the console for whoever investigates it.
    if (response.status >= 500)
      console.error(`API ${method} ${path} failed:`, getErrorMessage(error));
    throw error;
  }
  return response;
}

/** Send a request and parse the answer with the contract schema. Throws `ApiError`. */
export async function request<S extends z.ZodType | undefined = undefined>(
  method: HttpMethod,
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const { body, schema, auth = true, signal } = options;
  const response = await sendAuthorised(method, path, body, auth, signal);
  if (!schema || response.status === 204) return undefined as Result<S>;

  const json: unknown = await response.json();
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error(`API ${method} ${path}: unexpected response`, parsed.error);
    throw new ApiError({
      code: 'INTERNAL',
      status: response.status,
      detail: 'Unexpected response from server',
    });
  }
  return parsed.data as Result<S>;
}

/**
 * GET a binary answer (a file, a page image, an export) with the bearer token. An iframe or img
 * cannot send the header, so screens show the result through an object URL. Throws `ApiError`.
 */
export async function requestBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await sendAuthorised('GET', path, undefined, true, signal);
  return response.blob();
}

/** Thin verbs over `request`, used by the per-endpoint files in `features/<domain>/api`. */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, opts?: Omit<RequestOptions<S>, 'schema'>) =>
    request('GET', path, { ...opts, schema }),
  post: <S extends z.ZodType | undefined = undefined>(
    path: string,
    body: unknown,
    schema?: S,
    opts?: Omit<RequestOptions<S>, 'schema' | 'body'>,
  ) => request('POST', path, { ...opts, body, schema }),
  put: <S extends z.ZodType | undefined = undefined>(path: string, body: unknown, schema?: S) =>
    request('PUT', path, { body, schema }),
  patch: <S extends z.ZodType | undefined = undefined>(path: string, body: unknown, schema?: S) =>
    request('PATCH', path, { body, schema }),
  delete: (path: string) => request('DELETE', path),
};
