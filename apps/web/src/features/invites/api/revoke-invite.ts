import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { invitesQueryOptions } from './get-invites';

/** DELETE /api/invites/:id: 204. */
export function revokeInvite(id: string): Promise<undefined> {
  return api.delete(`/api/invites/${encodeURIComponent(id)}`);
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesQueryOptions().queryKey }),
  });
}
