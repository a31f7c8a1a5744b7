import { type ApiKey, ApiKeyListSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /api/api-keys: the company's API keys (admins only; members get 403). */
export function getApiKeys(): Promise<ApiKey[]> {
  return api.get('/api/api-keys', ApiKeyListSchema);
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: ['api-keys'], queryFn: getApiKeys });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
