import { type WebhookSecret, WebhookSecretSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /api/settings/webhook-secret: the company's webhook signing secret (admins only). */
export function getWebhookSecret(): Promise<WebhookSecret> {
  return api.get('/api/settings/webhook-secret', WebhookSecretSchema);
}

export const webhookSecretQueryOptions = () =>
  queryOptions({ queryKey: ['webhook-secret'], queryFn: getWebhookSecret });

export function useWebhookSecret() {
  return useQuery(webhookSecretQueryOptions());
}
