import { type Role, type TenantUser, TenantUserSchema } from '@parser/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { tenantUsersQueryOptions } from './get-tenant-users';

/** PATCH /api/users/:id: change a member's role (admins only). */
export function updateUserRole({ id, role }: { id: string; role: Role }): Promise<TenantUser> {
  return api.patch(`/api/users/${encodeURIComponent(id)}`, { role }, TenantUserSchema);
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: tenantUsersQueryOptions().queryKey }),
  });
}
