import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { tenantUsersQueryOptions } from './get-tenant-users';

/** DELETE /api/users/:id: remove a member from the company (admins only). */
export function removeUser(id: string): Promise<undefined> {
  return api.delete(`/api/users/${encodeURIComponent(id)}`);
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: tenantUsersQueryOptions().queryKey }),
  });
}
