import { z } from 'zod';

import type { JobSpec } from '../../jobs/job-definition.js';

const RunPayload = z.object({ runId: z.uuid() });

/** Works through a background agent run over many pipelines. */
export const runAgentBatchJob: JobSpec<z.infer<typeof RunPayload>> = {
  name: 'agents.run-batch',
  payload: RunPayload,
  maxAttempts: 3,
};
