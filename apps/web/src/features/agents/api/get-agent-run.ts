import { type AgentRunResult, AgentRunResultSchema } from '@parser/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { api } from '@/lib/api-client';

import { AGENT_RUNS_KEY, RUN_PROGRESS_MS } from './keys';

/** GET /api/agents/runs/{id}: a background run's progress. */
export function getAgentRun(id: string): Promise<AgentRunResult> {
  return api.get(`/api/agents/runs/${encodeURIComponent(id)}`, AgentRunResultSchema);
}

export const agentRunQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...AGENT_RUNS_KEY, id],
    queryFn: () => getAgentRun(id),
    // Poll while the run works; a finished run does not change.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? RUN_PROGRESS_MS : false),
  });

/** A background run's progress while `id` is set; when it completes, pipelines refresh. */
export function useAgentRun(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...agentRunQueryOptions(id ?? ''), enabled: id !== null });
  const completed = query.data?.status === 'completed';
  useEffect(() => {
    if (completed) void queryClient.invalidateQueries({ queryKey: ['pipelines'] });
  }, [completed, queryClient]);
  return query;
}
