import { type CreateApiKeyBody, type CreatedApiKey, CreatedApiKeySchema } from '@parser/contracts';

import { useMutationThatInvalidates } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { apiKeysQueryOptions } from './get-api-keys';

/** POST /api/api-keys: the answer carries the whole `key`, the only time it is ever shown. */
export function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return api.post('/api/api-keys', body, CreatedApiKeySchema);
}

export function useCreateApiKey() {
  return useMutationThatInvalidates(createApiKey, apiKeysQueryOptions().queryKey);
}
