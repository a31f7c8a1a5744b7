import { type CompanySettings, CompanySettingsSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /api/company/settings: the company's review-flow and data entry settings. */
export function getCompanySettings(): Promise<CompanySettings> {
  return api.get('/api/company/settings', CompanySettingsSchema);
}

export const companySettingsQueryOptions = () =>
  queryOptions({ queryKey: ['company-settings'], queryFn: getCompanySettings });

export function useCompanySettings() {
  return useQuery(companySettingsQueryOptions());
}
