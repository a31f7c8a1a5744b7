import { z } from 'zod';

import type { JobSpec } from '../../jobs/job-definition.js';

const PipelinePayload = z.object({ pipelineId: z.uuid() });

/** Reads the document and extracts the type's fields and tables. */
export const extractPipelineJob: JobSpec<z.infer<typeof PipelinePayload>> = {
  name: 'pipeline.extract',
  payload: PipelinePayload,
  // OCR rarely fails twice for the same reason; a damaged file fails at once (PermanentJobError).
  maxAttempts: 3,
};

const AgentStepPayload = PipelinePayload.extend({
  step: z.enum(['data_entry', 'reconciliation']),
});

/** Runs one agent step of a pipeline. */
export const runAgentStepJob: JobSpec<z.infer<typeof AgentStepPayload>> = {
  name: 'pipeline.run-agent',
  payload: AgentStepPayload,
  maxAttempts: 3,
};
