import { handleJob } from '../../jobs/job-definition.js';
import type { JobRegistry } from '../../jobs/job-registry.js';

import { runAgentBatchJob } from './agents.jobs.js';
import type { AgentsService } from './agents.service.js';

export function registerAgentJobHandlers(registry: JobRegistry, agents: AgentsService): void {
  registry.register(
    handleJob(runAgentBatchJob, { handler: ({ runId }) => agents.continueRun(runId) }),
  );
}
