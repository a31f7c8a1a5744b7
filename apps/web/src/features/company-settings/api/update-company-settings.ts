import {
  type CompanySettings,
  CompanySettingsSchema,
  type UpdateCompanySettingsBody,
} from '@parser/contracts';

import { useMutationThatCaches } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { companySettingsQueryOptions } from './get-company-settings';

/** PUT /api/company/settings: changes only the keys sent (admins only). */
export function updateCompanySettings(body: UpdateCompanySettingsBody): Promise<CompanySettings> {
  return api.put('/api/company/settings', body, CompanySettingsSchema);
}

export function useUpdateCompanySettings() {
  return useMutationThatCaches(updateCompanySettings, companySettingsQueryOptions().queryKey);
}
