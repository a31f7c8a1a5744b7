/** Seeding and checking through the public HTTP API (no browser). */

import type { APIRequestContext } from '@playwright/test';
import { type DocTypeCreate, PRESETS } from '@parser/contracts';

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

/** Which agents a document type runs. */
export interface AgentsEnabled {
  extract: boolean;
  data_entry: boolean;
  recon: boolean;
}

/** Only the extraction agent: documents go straight to review, with no checks. */
export const EXTRACTION_ONLY: AgentsEnabled = { extract: true, data_entry: false, recon: false };

/** A unique e-mail for this run, e.g. `admin-1732270000000-ab12@example.com`. */
export function uniqueEmail(prefix: string): string {
  const random = Math.random().toString(36).slice(2, 6);
  return `${prefix}-${Date.now()}-${random}@example.com`;
}

/** A password comfortably inside any reasonable policy. */
export const PASSWORD = 'Correct-Horse-42-battery';

/** The API calls the tests seed with, on Playwright's request context (its baseURL is the server). */
export class Api {
  constructor(private readonly request: APIRequestContext) {}

  /** One JSON call; throws with the answer's text when it is not 2xx. */
  async call<T>(method: string, urlPath: string, body?: unknown, token?: string): Promise<T> {
    const response = await this.request.fetch(urlPath, {
      method,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { data: body }),
      timeout: 30_000,
    });
    const text = await response.text();
    if (!response.ok()) {
      throw new Error(`${method} ${urlPath} answered ${response.status()}: ${text.slice(0, 1000)}`);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /**
   * Creates an account and its company: POST /auth/signup, then POST /auth/register with the
   * new access token. The user becomes admin of a new tenant named `company`.
   */
  async signUp(email: string, password: string, company: string): Promise<SeededUser> {
    const tokens = await this.call<TokenPair>('POST', '/auth/signup', { email, password });
    await this.call(
      'POST',
      '/auth/register',
      { uid: tokens.uid, email, tenant_name: company },
      tokens.access_token,
    );
    return { ...tokens, email, password };
  }

  /**
   * Invites `email` into the admin's company and signs them up through the invite: they join as a
   * member. Answers the member's tokens.
   */
  async inviteMember(admin: SeededUser, email: string, password: string): Promise<SeededUser> {
    const invite = await this.call<{ invite_url: string }>(
      'POST',
      '/api/invites',
      { email },
      admin.access_token,
    );
    const token = invite.invite_url.split('/invite/')[1]!;
    const tokens = await this.call<TokenPair>('POST', '/auth/signup', { email, password });
    await this.call('POST', `/auth/invites/${token}/accept`, undefined, tokens.access_token);
    return { ...tokens, email, password };
  }

  /** Uploads bytes through POST /api/files:upload; answers the file id. */
  async uploadFile(user: SeededUser, fileName: string, bytes: Uint8Array): Promise<string> {
    const response = await this.request.post('/api/files:upload', {
      headers: { authorization: `Bearer ${user.access_token}` },
      multipart: {
        file: { name: fileName, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) },
      },
      // A fresh server loads its document readers on the first upload, which takes seconds.
      timeout: 60_000,
    });
    if (response.status() !== 201) {
      throw new Error(`upload answered ${response.status()}: ${await response.text()}`);
    }
    return ((await response.json()) as { fileId: string }).fileId;
  }

  /**
   * Creates a document type with the invoice preset's fields and tables; answers its id. Which
   * agents run and how documents are exported take a new type's defaults when not given (every
   * agent on, no export).
   */
  async createInvoiceType(
    admin: SeededUser,
    agentsEnabled?: AgentsEnabled,
    exportSettings?: DocTypeCreate['exportSettings'],
  ): Promise<string> {
    const type = await this.call<{ id: string }>(
      'POST',
      '/api/doc-types',
      {
        name: 'Supplier invoices',
        presetKey: 'invoice',
        fields: PRESETS.invoice.fields,
        tables: PRESETS.invoice.tables,
        ...(agentsEnabled ? { agentsEnabled } : {}),
        ...(exportSettings ? { exportSettings } : {}),
      },
      admin.access_token,
    );
    return type.id;
  }

  /** Uploads files and starts their processing as `docTypeId`; answers the pipeline ids. */
  async process(
    user: SeededUser,
    docTypeId: string,
    files: { fileName: string; bytes: Uint8Array }[],
  ): Promise<string[]> {
    const fileIds: string[] = [];
    for (const { fileName, bytes } of files) {
      fileIds.push(await this.uploadFile(user, fileName, bytes));
    }
    const created = await this.call<{ pipeline_ids: string[] }>(
      'POST',
      '/api/uploads',
      { docTypeId, files: fileIds },
      user.access_token,
    );
    return created.pipeline_ids;
  }
}
