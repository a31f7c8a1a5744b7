import { type CreateInviteBody, type Invite, InviteSchema } from '@parser/contracts';

import { useMutationThatInvalidates } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { invitesQueryOptions } from './get-invites';

/** POST /api/invites: the answer carries `invite_url`, shown once. */
export function createInvite(body: CreateInviteBody): Promise<Invite> {
  return api.post('/api/invites', body, InviteSchema);
}

export function useCreateInvite() {
  return useMutationThatInvalidates(createInvite, invitesQueryOptions().queryKey);
}
