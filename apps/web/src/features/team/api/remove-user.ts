import { useMutationThatInvalidates } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { tenantUsersQueryOptions } from './get-tenant-users';

export interface RemoveUserInput {
  id: string;
  /** Revoke the API keys the member created (the server's default), or keep them working. */
  revokeApiKeys: boolean;
}

/** DELETE /api/users/:id: remove a member from the company (admins only). */
export function removeUser({ id, revokeApiKeys }: RemoveUserInput): Promise<undefined> {
  return api.delete(`/api/users/${encodeURIComponent(id)}?revoke_api_keys=${revokeApiKeys}`);
}

export function useRemoveUser() {
  return useMutationThatInvalidates(removeUser, tenantUsersQueryOptions().queryKey);
}
