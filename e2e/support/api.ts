/** Seeding through the public HTTP API (no browser). */

import { PRESETS } from '@parser/contracts';

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

/** One JSON call to the API; throws with the answer's text when it is not 2xx. */
export async function callApi<T>(
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
  const tokens = await callApi<TokenPair>(baseUrl, 'POST', '/auth/signup', { email, password });
  await callApi<unknown>(
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

/**
 * Invites `email` into the admin's company and signs them up through the invite: they join as a
 * member. Answers the member's tokens.
 */
export async function inviteMemberViaApi(
  baseUrl: string,
  admin: SeededUser,
  email: string,
  password: string,
): Promise<SeededUser> {
  const invite = await callApi<{ invite_url: string }>(
    baseUrl,
    'POST',
    '/api/invites',
    { email },
    admin.access_token,
  );
  const token = invite.invite_url.split('/invite/')[1]!;
  const tokens = await callApi<TokenPair>(baseUrl, 'POST', '/auth/signup', { email, password });
  await callApi<unknown>(
    baseUrl,
    'POST',
    `/auth/invites/${token}/accept`,
    undefined,
    tokens.access_token,
  );
  return { ...tokens, email, password };
}

/** Uploads bytes through POST /api/files:upload; answers the file id. */
export async function uploadFileViaApi(
  baseUrl: string,
  user: SeededUser,
  fileName: string,
  bytes: Uint8Array,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)]), fileName);
  const response = await fetch(`${baseUrl}/api/files:upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.access_token}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { fileId: string }).fileId;
}

/** Creates a document type with the invoice preset's fields and tables; answers its id. */
export async function createInvoiceTypeViaApi(
  baseUrl: string,
  admin: SeededUser,
  agentsEnabled: { extract: boolean; data_entry: boolean; recon: boolean },
): Promise<string> {
  const type = await callApi<{ id: string }>(
    baseUrl,
    'POST',
    '/api/doc-types',
    {
      name: 'Supplier invoices',
      presetKey: 'invoice',
      fields: PRESETS.invoice.fields,
      tables: PRESETS.invoice.tables,
      agentsEnabled,
    },
    admin.access_token,
  );
  return type.id;
}

/** Uploads a file and starts its processing as `docTypeId`; answers the pipeline id. */
export async function processViaApi(
  baseUrl: string,
  user: SeededUser,
  docTypeId: string,
  fileName: string,
  bytes: Uint8Array,
): Promise<string> {
  const file = await uploadFileViaApi(baseUrl, user, fileName, bytes);
  const created = await callApi<{ pipeline_ids: string[] }>(
    baseUrl,
    'POST',
    '/api/uploads',
    { docTypeId, files: [file] },
    user.access_token,
  );
  return created.pipeline_ids[0]!;
}
