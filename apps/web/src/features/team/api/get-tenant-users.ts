import { type TenantUser, TenantUserListSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /api/users/tenant: the members of the caller's company. */
export function getTenantUsers(): Promise<TenantUser[]> {
  return api.get('/api/users/tenant', TenantUserListSchema);
}

export const tenantUsersQueryOptions = () =>
  queryOptions({ queryKey: ['tenant-users'], queryFn: getTenantUsers });

export function useTenantUsers() {
  return useQuery(tenantUsersQueryOptions());
}
