import { z } from 'zod';

import type { JobSpec } from '../../jobs/job-definition.js';
import { handleJob } from '../../jobs/job-definition.js';
import type { JobRegistry } from '../../jobs/job-registry.js';

import type { PipelineProcessing } from './pipeline-processing.service.js';

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

/** Registers the handlers of the pipeline jobs, bound to the service that does the work. */
export function registerPipelineJobs(registry: JobRegistry, processing: PipelineProcessing): void {
  registry
    .register(
      handleJob(extractPipelineJob, {
        handler: ({ pipelineId }) => processing.extract(pipelineId),
        onFinalFailure: ({ pipelineId }, error) =>
          processing.fail(pipelineId, 'extraction', error.message),
      }),
    )
    .register(
      handleJob(runAgentStepJob, {
        handler: ({ pipelineId, step }) => processing.runAgentStep(pipelineId, step),
        onFinalFailure: ({ pipelineId, step }, error) =>
          processing.fail(pipelineId, step, error.message),
      }),
    );
}
