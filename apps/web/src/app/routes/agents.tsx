import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AgentName, AgentRunResult } from '@parser/contracts';
import { IconAlertCircle, IconInfoCircle, IconPencilCheck, IconScale } from '@tabler/icons-react';
import { useState } from 'react';

import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { useAgentRun } from '@/features/agents/api/get-agent-run';
import { useAgentStats } from '@/features/agents/api/get-agent-stats';
import { useRunAgent } from '@/features/agents/api/run-agent';
import { AgentCard } from '@/features/agents/components/agent-card';
import { AgentRunResults } from '@/features/agents/components/agent-run-results';
import { getErrorMessage } from '@/lib/api-client';

/** /agents: run the data entry and reconciliation agents over the pending documents. */
export function AgentsRoute() {
  const stats = useAgentStats();
  const runAgent = useRunAgent();
  const [started, setStarted] = useState<AgentRunResult | null>(null);
  // A background run's answer is replaced by its progress as it is polled.
  const progress = useAgentRun(started?.status === 'running' ? started.run_id : null);
  const result = started?.run_id && progress.data ? progress.data : started;
  const working = runAgent.isPending || result?.status === 'running';

  const run = (agent: AgentName) => {
    runAgent.mutate(agent, {
      onSuccess: setStarted,
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'The agent could not run',
          message: getErrorMessage(error, 'Something went wrong'),
        }),
    });
  };
  const runningAgent = working ? (runAgent.variables ?? result?.agent) : undefined;

  let content;
  if (stats.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        Failed to load agent stats
      </Alert>
    );
  } else if (stats.isPending) {
    content = <LoadingState label="Loading agents..." />;
  } else {
    content = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <AgentCard
            title="Data Entry Agent"
            description="Improves and validates extracted data using knowledge documents and custom instructions. It fixes OCR errors, standardizes formats, applies business rules, and only updates fields where it has better data."
            icon={<IconPencilCheck size={22} />}
            pending={stats.data.data_entry_enabled}
            running={runningAgent === 'data_entry'}
            disabled={working}
            onRun={() => run('data_entry')}
          />
          <AgentCard
            title="Reconciliation Agent"
            description="Checks totals, required fields and formats, business rules and compliance concerns."
            icon={<IconScale size={22} />}
            pending={stats.data.reconciliation_enabled}
            running={runningAgent === 'reconciliation'}
            disabled={working}
            onRun={() => run('reconciliation')}
          />
        </SimpleGrid>
        {result && <AgentRunResults result={result} onClear={() => setStarted(null)} />}
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          Agents change extracted data in place without changing the pipeline status.
        </Alert>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Document Processing Agents"
        subtitle={
          stats.data
            ? `${stats.data.total_pending} pending document${stats.data.total_pending === 1 ? '' : 's'} ready`
            : 'Data entry and reconciliation agents for pending documents'
        }
      />
      {content}
    </>
  );
}
