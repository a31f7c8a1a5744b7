import { type Me, MeSchema, type RegisterBody } from '@parser/contracts';

import { api } from '@/lib/api-client';

/** The company name used when the user leaves it blank (spec section 9). */
export const DEFAULT_COMPANY_NAME = 'My Company';

/** POST /auth/register: creates the user's company and makes them its admin. */
export function register(body: RegisterBody): Promise<Me> {
  const tenantName = body.tenant_name?.trim() || DEFAULT_COMPANY_NAME;
  return api.post('/auth/register', { ...body, tenant_name: tenantName }, MeSchema);
}
