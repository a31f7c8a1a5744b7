import { handleJob } from '../../jobs/job-definition.js';
import type { JobRegistry } from '../../jobs/job-registry.js';

import { deliverWebhookJob } from './webhooks.jobs.js';
import type { WebhooksService } from './webhooks.service.js';

export function registerWebhookJobHandlers(registry: JobRegistry, webhooks: WebhooksService): void {
  registry.register(
    handleJob(deliverWebhookJob, {
      handler: ({ deliveryId }, context) => webhooks.deliver(deliveryId, context),
      onFinalFailure: ({ deliveryId }, error) => webhooks.giveUp(deliveryId, error.message),
    }),
  );
}
