import { type Invite, InviteListSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /api/invites: the company's pending invites (admins only). */
export function getInvites(): Promise<Invite[]> {
  return api.get('/api/invites', InviteListSchema);
}

export const invitesQueryOptions = () =>
  queryOptions({ queryKey: ['invites'], queryFn: getInvites });

export function useInvites(options: { enabled?: boolean } = {}) {
  return useQuery({ ...invitesQueryOptions(), enabled: options.enabled ?? true });
}
