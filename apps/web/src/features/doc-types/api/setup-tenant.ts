import { type SetupTenantResult, SetupTenantResultSchema } from '@parser/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * POST /api/users/setup-tenant: repairs the caller's tenant claims and re-links their documents.
 * Offered on the Document Types screen as the 'Current Tenant' Connect action.
 */
export function setupTenant(): Promise<SetupTenantResult> {
  return api.post('/api/users/setup-tenant', undefined, SetupTenantResultSchema);
}

export function useSetupTenant() {
  return useMutation({ mutationFn: setupTenant });
}
