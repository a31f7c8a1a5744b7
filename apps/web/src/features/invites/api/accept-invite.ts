import { type Me, MeSchema } from '@parser/contracts';

import { api } from '@/lib/api-client';

/** POST /auth/invites/:token/accept (bearer): joins the company; 409 if already in one. */
export function acceptInvite(token: string): Promise<Me> {
  return api.post(`/auth/invites/${encodeURIComponent(token)}/accept`, {}, MeSchema);
}
