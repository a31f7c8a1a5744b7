import { type AgentName, type AgentRunResult, AgentRunResultSchema } from '@parser/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { agentRunQueryOptions } from './get-agent-run';

const PATHS: Record<AgentName, string> = {
  data_entry: '/api/agents/data-entry/run',
  reconciliation: '/api/agents/reconciliation/run',
};

/** POST /api/agents/{agent}/run over every pending document of types that enable the agent. */
export function runAgentOnAllPending(agent: AgentName): Promise<AgentRunResult> {
  return api.post(PATHS[agent], { pipeline_ids: 'all' }, AgentRunResultSchema);
}

export function useRunAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAgentOnAllPending,
    onSuccess: async (result) => {
      if (result.run_id) {
        queryClient.setQueryData(agentRunQueryOptions(result.run_id).queryKey, result);
      }
      // Values and reports changed: the lists, counters and open reviews refresh.
      await queryClient.invalidateQueries({ queryKey: ['pipelines'] });
    },
  });
}
