import { handleJob } from '../../jobs/job-definition.js';
import type { JobRegistry } from '../../jobs/job-registry.js';

import type { PipelineProcessing } from './pipeline-processing.service.js';
import { extractPipelineJob, runAgentStepJob } from './pipelines.jobs.js';

/** Registers the handlers of the pipeline jobs, bound to the service that does the work. */
export function registerPipelineJobHandlers(
  registry: JobRegistry,
  processing: PipelineProcessing,
): void {
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
