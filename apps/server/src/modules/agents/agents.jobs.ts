import { z } from 'zod';

import type { JobSpec } from '../../jobs/job-definition.js';
import { handleJob } from '../../jobs/job-definition.js';
import type { JobRegistry } from '../../jobs/job-registry.js';

import type { AgentsService } from './agents.service.js';

const RunPayload = z.object({ runId: z.uuid() });

/** Works through a background agent run over many pipelines. */
export const runAgentBatchJob: JobSpec<z.infer<typeof RunPayload>> = {
  name: 'agents.run-batch',
  payload: RunPayload,
  maxAttempts: 3,
};

export function registerAgentJobs(registry: JobRegistry, agents: AgentsService): void {
  registry.register(
    handleJob(runAgentBatchJob, { handler: ({ runId }) => agents.continueRun(runId) }),
  );
}
