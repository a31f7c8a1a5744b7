import { type Me, MeSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /auth/me: the signed-in user with role and tenant. */
export function getMe(): Promise<Me> {
  return api.get('/auth/me', MeSchema);
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'me'], queryFn: getMe, retry: false });

export function useMe() {
  return useQuery(meQueryOptions());
}
