/** Seeding through the public HTTP API (no browser). */

export interface TokenPair {
  uid: string;
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export interface SeededUser extends TokenPair {
  email: string;
  password: string;
}

async function call<T>(
  baseUrl: string,
  method: string,
  urlPath: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} ${urlPath} answered ${response.status}: ${text.slice(0, 1000)}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Creates an account and its company: POST /auth/signup, then POST /auth/register with the
 * new access token. The user becomes admin of a new tenant named `company`.
 */
export async function signUpViaApi(
  baseUrl: string,
  email: string,
  password: string,
  company: string,
): Promise<SeededUser> {
  const tokens = await call<TokenPair>(baseUrl, 'POST', '/auth/signup', { email, password });
  await call<unknown>(
    baseUrl,
    'POST',
    '/auth/register',
    { uid: tokens.uid, email, tenant_name: company },
    tokens.access_token,
  );
  return { ...tokens, email, password };
}

/** A unique e-mail for this run, e.g. `admin-1732270000000-ab12@example.com`. */
export function uniqueEmail(prefix: string): string {
  const random = Math.random().toString(36).slice(2, 6);
  return `${prefix}-${Date.now()}-${random}@example.com`;
}

/** A password comfortably inside any reasonable policy. */
export const PASSWORD = 'Correct-Horse-42-battery';
