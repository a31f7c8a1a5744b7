import { type WebhookUrlCheck, WebhookUrlCheckSchema } from '@parser/contracts';

import { api } from '@/lib/api-client';

/** POST /api/webhooks:check-url: whether the server's deliveries may reach this URL, and why not. */
export function checkWebhookUrl(url: string): Promise<WebhookUrlCheck> {
  return api.post('/api/webhooks:check-url', { url }, WebhookUrlCheckSchema);
}
