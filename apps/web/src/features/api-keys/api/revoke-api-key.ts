import { useMutationThatInvalidates } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { apiKeysQueryOptions } from './get-api-keys';

/** DELETE /api/api-keys/:id: 204; the key stops working at once. */
export function revokeApiKey(id: string): Promise<undefined> {
  return api.delete(`/api/api-keys/${encodeURIComponent(id)}`);
}

export function useRevokeApiKey() {
  return useMutationThatInvalidates(revokeApiKey, apiKeysQueryOptions().queryKey);
}
