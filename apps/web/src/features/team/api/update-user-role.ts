import { type Role, type TenantUser, TenantUserSchema } from '@parser/contracts';

import { useMutationThatInvalidates } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { tenantUsersQueryOptions } from './get-tenant-users';

/** PATCH /api/users/:id: change a member's role (admins only). */
export function updateUserRole({ id, role }: { id: string; role: Role }): Promise<TenantUser> {
  return api.patch(`/api/users/${encodeURIComponent(id)}`, { role }, TenantUserSchema);
}

export function useUpdateUserRole() {
  return useMutationThatInvalidates(updateUserRole, tenantUsersQueryOptions().queryKey);
}
