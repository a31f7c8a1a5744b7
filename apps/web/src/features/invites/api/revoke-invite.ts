import { useMutationThatInvalidates } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { invitesQueryOptions } from './get-invites';

/** DELETE /api/invites/:id: 204. */
export function revokeInvite(id: string): Promise<undefined> {
  return api.delete(`/api/invites/${encodeURIComponent(id)}`);
}

export function useRevokeInvite() {
  return useMutationThatInvalidates(revokeInvite, invitesQueryOptions().queryKey);
}
