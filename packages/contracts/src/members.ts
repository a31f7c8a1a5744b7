import { z } from 'zod';

/**
 * DELETE /api/users/{id}: what happens to the API keys the member created. By default they are
 * revoked with the membership; `revoke_api_keys=false` keeps them working for the company.
 */
export const RemoveMemberQuerySchema = z.object({
  revoke_api_keys: z
    .enum(['true', 'false'], { error: 'revoke_api_keys must be true or false' })
    .optional()
    .transform((value) => value !== 'false'),
});
export type RemoveMemberQuery = z.input<typeof RemoveMemberQuerySchema>;
