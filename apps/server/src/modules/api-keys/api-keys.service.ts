import {
  type ApiKey,
  type CreateApiKeyBody,
  CreateApiKeyBodySchema,
  type CreatedApiKey,
} from '@parser/contracts';

import type { DbExecutor } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { assertId } from '../../lib/ids.js';
import { assertAdmin, type AuthContext, type TenantAuth } from '../../plugins/auth.js';

import { apiKeyMatches, generateApiKey, prefixOfApiKey } from './api-key-format.js';
import type { ApiKeysRepository } from './api-keys.repository.js';

/** How often last_used_at is written for a key in steady use. */
const LAST_USED_RESOLUTION_MS = 60_000;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** Keys integrations call the API with: created and revoked by admins, stored as hashes. */
export class ApiKeysService {
  constructor(private readonly keys: ApiKeysRepository) {}

  async create(auth: TenantAuth, input: CreateApiKeyBody): Promise<CreatedApiKey> {
    assertAdmin(auth);
    const { name } = CreateApiKeyBodySchema.parse(input);
    const secret = generateApiKey();
    const row = await this.keys.insert({
      tenantId: auth.tenantId,
      name,
      prefix: secret.prefix,
      keyHash: secret.hash,
      createdBy: auth.userId,
    });
    return { ...toApiKey({ ...row, creatorEmail: auth.email }), key: secret.key };
  }

  async list(auth: TenantAuth): Promise<ApiKey[]> {
    assertAdmin(auth);
    return (await this.keys.list(auth.tenantId)).map(toApiKey);
  }

  /** Revokes a key at once; revoking a revoked key changes nothing. */
  async revoke(auth: TenantAuth, keyId: string): Promise<void> {
    assertAdmin(auth);
    const id = assertId(keyId, 'API key');
    if (await this.keys.revoke(auth.tenantId, id)) return;
    if (!(await this.keys.findById(auth.tenantId, id))) throw notFound('API key');
  }

  /** How many working keys each person of the company created, by user id. */
  countActiveByCreator(tenantId: string): Promise<Map<string, number>> {
    return this.keys.countActiveByCreator(tenantId);
  }

  /** Revokes every working key a person created (a member leaving); answers how many. */
  revokeCreatedBy(tenantId: string, userId: string, trx?: DbExecutor): Promise<number> {
    return this.keys.revokeCreatedBy(tenantId, userId, trx);
  }

  /**
   * The caller a bearer key stands for: its tenant, acting as a member (never an admin) under the
   * key's name. Rows that name a user (uploaded_by, created_by) get the key's creator.
   */
  async authenticate(token: string): Promise<AuthContext> {
    const prefix = prefixOfApiKey(token);
    const key = prefix ? await this.keys.findByPrefix(prefix) : undefined;
    if (!key || !apiKeyMatches(token, key.keyHash)) {
      throw new AppError('UNAUTHENTICATED', { message: 'The API key is not valid' });
    }
    if (key.revokedAt) {
      throw new AppError('UNAUTHENTICATED', { message: 'This API key has been revoked' });
    }
    const lastUsed = key.lastUsedAt ? new Date(key.lastUsedAt).getTime() : 0;
    if (Date.now() - lastUsed >= LAST_USED_RESOLUTION_MS) await this.keys.touch(key.id);
    return {
      userId: key.createdBy,
      email: key.creatorEmail,
      tenantId: key.tenantId,
      role: 'member',
      actorLabel: `API key "${key.name}"`,
      apiKey: { id: key.id, name: key.name },
    };
  }
}

function toApiKey(row: {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
  revokedAt: Date | string | null;
  creatorEmail: string | null;
}): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_by: row.creatorEmail,
    created_at: new Date(row.createdAt).toISOString(),
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
  };
}
