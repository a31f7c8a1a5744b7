import { z } from 'zod';

import type { DbExecutor } from '../../db/client.js';
import type { JobSpec } from '../../jobs/job-definition.js';
import type { JobQueue } from '../../jobs/job-queue.js';

const LearnPayload = z.object({ pipelineId: z.uuid() });

/** Learns from a submitted or approved review (off the request: reading may take a moment). */
export const learnFromReviewJob: JobSpec<z.infer<typeof LearnPayload>> = {
  name: 'learning.learn-from-review',
  payload: LearnPayload,
  maxAttempts: 3,
};

/** Queues learning from a review, in the transaction that submits or approves it. */
export async function enqueueLearnFromReview(
  queue: JobQueue,
  reviewed: { tenantId: string; pipelineId: string },
  trx: DbExecutor,
): Promise<void> {
  await queue.enqueue(
    learnFromReviewJob,
    { pipelineId: reviewed.pipelineId },
    { tenantId: reviewed.tenantId, dedupeKey: `learn:${reviewed.pipelineId}` },
    trx,
  );
}
