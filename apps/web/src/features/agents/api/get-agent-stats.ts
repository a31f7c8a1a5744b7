import { type AgentStats, AgentStatsSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { AGENT_STATS_KEY, AGENT_STATS_REFRESH_MS } from './keys';

/** GET /api/pipelines/agent-stats: pending documents, and those each agent can run on. */
export function getAgentStats(): Promise<AgentStats> {
  return api.get('/api/pipelines/agent-stats', AgentStatsSchema);
}

export const agentStatsQueryOptions = () =>
  queryOptions({
    queryKey: AGENT_STATS_KEY,
    queryFn: getAgentStats,
    refetchInterval: AGENT_STATS_REFRESH_MS,
  });

export function useAgentStats() {
  return useQuery(agentStatsQueryOptions());
}
