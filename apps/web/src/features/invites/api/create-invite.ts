import { type CreateInviteBody, type Invite, InviteSchema } from '@parser/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { invitesQueryOptions } from './get-invites';

/** POST /api/invites: the answer carries `invite_url`, shown once. */
export function createInvite(body: CreateInviteBody): Promise<Invite> {
  return api.post('/api/invites', body, InviteSchema);
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesQueryOptions().queryKey }),
  });
}
