import { z } from 'zod';

import { EmailSchema, Role } from './auth.js';

/** A user of the caller's tenant, as offered for approval assignment and on the settings screen. */
export const TenantUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: Role,
  created_at: z.string(),
  /** Admins only: the API keys this person created that still work (removal can revoke them). */
  active_api_keys: z.number().int().optional(),
});
export type TenantUser = z.infer<typeof TenantUserSchema>;
export const TenantUserListSchema = z.array(TenantUserSchema);

export const SetupTenantResultSchema = z.object({
  message: z.string(),
  fixed_documents: z.number().int(),
});
export type SetupTenantResult = z.infer<typeof SetupTenantResultSchema>;

export const ChangeRoleBodySchema = z.object({ role: Role });
export type ChangeRoleBody = z.infer<typeof ChangeRoleBodySchema>;

export const CreateInviteBodySchema = z.object({
  email: EmailSchema,
  role: Role.default('member'),
});
export type CreateInviteBody = z.input<typeof CreateInviteBodySchema>;

export const InviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: Role,
  created_at: z.string(),
  expires_at: z.string(),
  /** Present only in the answer that creates the invite: the link is shown once, the server keeps a hash. */
  invite_url: z.string().optional(),
});
export type Invite = z.infer<typeof InviteSchema>;
export const InviteListSchema = z.array(InviteSchema);

/** What an invite link shows before the invitee signs in. */
export const InvitePreviewSchema = z.object({
  tenant_name: z.string(),
  email: z.string(),
  role: Role,
});
export type InvitePreview = z.infer<typeof InvitePreviewSchema>;
