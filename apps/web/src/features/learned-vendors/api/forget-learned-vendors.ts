import { useMutationThatInvalidates } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { learnedVendorsQueryOptions } from './get-learned-vendors';

/** DELETE /api/company/learned-vendors/:id: 204; the vendor's next document is read the general way. */
export function forgetLearnedVendor(id: string): Promise<unknown> {
  return api.delete(`/api/company/learned-vendors/${encodeURIComponent(id)}`);
}

/** DELETE /api/company/learned-vendors: forgets every vendor the company taught. */
export function forgetAllLearnedVendors(): Promise<unknown> {
  return api.delete('/api/company/learned-vendors');
}

/** Forgets one vendor (`id`) or, with null, every vendor. */
export function useForgetLearnedVendors() {
  return useMutationThatInvalidates(
    (id: string | null) => (id === null ? forgetAllLearnedVendors() : forgetLearnedVendor(id)),
    learnedVendorsQueryOptions().queryKey,
  );
}
