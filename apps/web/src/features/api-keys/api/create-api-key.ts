import { type CreateApiKeyBody, type CreatedApiKey, CreatedApiKeySchema } from '@parser/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { apiKeysQueryOptions } from './get-api-keys';

/** POST /api/api-keys: the answer carries the whole `key`, the only time it is ever shown. */
export function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return api.post('/api/api-keys', body, CreatedApiKeySchema);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
