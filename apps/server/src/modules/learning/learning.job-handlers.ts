import { handleJob } from '../../jobs/job-definition.js';
import type { JobRegistry } from '../../jobs/job-registry.js';

import { learnFromReviewJob } from './learning.jobs.js';
import type { LearningService } from './learning.service.js';

export function registerLearningJobHandlers(
  registry: JobRegistry,
  learning: LearningService,
): void {
  registry.register(
    handleJob(learnFromReviewJob, {
      handler: ({ pipelineId }) => learning.learnFromReview(pipelineId),
    }),
  );
}
