import { type PendingByType, PendingSummarySchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { PIPELINES_KEY, REFRESH_MS } from './keys';

/** GET /api/pipelines/pending-summary: per document type, what waits for review and approval. */
export function getPendingSummary(): Promise<PendingByType[]> {
  return api.get('/api/pipelines/pending-summary', PendingSummarySchema);
}

/**
 * The summary holds approval data too, but the dashboard refreshes it with the other dashboard
 * lists (every 30 s, not in the background), as spec section 4 says.
 */
export const pendingSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...PIPELINES_KEY, 'pending-summary'],
    queryFn: getPendingSummary,
    refetchInterval: REFRESH_MS.dashboard,
  });

export function usePendingSummary() {
  return useQuery(pendingSummaryQueryOptions());
}
