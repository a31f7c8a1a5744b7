import { type InvitePreview, InvitePreviewSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /auth/invites/:token: no auth; 404 'This invite link is invalid or has expired'. */
export function getInvitePreview(token: string): Promise<InvitePreview> {
  return api.get(`/auth/invites/${encodeURIComponent(token)}`, InvitePreviewSchema, {
    auth: false,
  });
}

export const invitePreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invites', 'preview', token],
    queryFn: () => getInvitePreview(token),
    // A 404 will not turn into a 200 by asking again.
    retry: false,
  });

export function useInvitePreview(token: string) {
  return useQuery(invitePreviewQueryOptions(token));
}
