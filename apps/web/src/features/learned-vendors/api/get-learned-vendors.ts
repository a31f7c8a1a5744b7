import { type LearnedVendor, LearnedVendorListSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /api/company/learned-vendors: vendors learned from reviewed documents (admins only). */
export function getLearnedVendors(): Promise<LearnedVendor[]> {
  return api.get('/api/company/learned-vendors', LearnedVendorListSchema);
}

export const learnedVendorsQueryOptions = () =>
  queryOptions({ queryKey: ['learned-vendors'], queryFn: getLearnedVendors });

export function useLearnedVendors() {
  return useQuery(learnedVendorsQueryOptions());
}
