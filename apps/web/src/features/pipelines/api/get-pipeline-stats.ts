import { type PipelineStats, PipelineStatsSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { PIPELINES_KEY, REFRESH_MS } from './keys';

/** GET /api/pipelines/stats: the tenant's counts by step. */
export function getPipelineStats(): Promise<PipelineStats> {
  return api.get('/api/pipelines/stats', PipelineStatsSchema);
}

export const pipelineStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...PIPELINES_KEY, 'stats'],
    queryFn: getPipelineStats,
    refetchInterval: REFRESH_MS.dashboard,
  });

export function usePipelineStats() {
  return useQuery(pipelineStatsQueryOptions());
}
