import { z } from 'zod';

import type { JobSpec } from '../../jobs/job-definition.js';

// pipelineId lets deleting a pipeline remove its queued deliveries with its other jobs.
const DeliveryPayload = z.object({ deliveryId: z.uuid(), pipelineId: z.uuid() });

const MINUTE_MS = 60_000;

/**
 * Sends a delivery, retrying failures (network error, timeout, non-2xx) 1, 2, 4, 8, 16 and 32
 * minutes apart: seven attempts over about an hour.
 */
export const deliverWebhookJob: JobSpec<z.infer<typeof DeliveryPayload>> = {
  name: 'webhook.deliver',
  payload: DeliveryPayload,
  maxAttempts: 7,
  backoffMs: (attempt) => MINUTE_MS * 2 ** (attempt - 1),
};
