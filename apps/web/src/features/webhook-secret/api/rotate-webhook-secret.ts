import { type WebhookSecret, WebhookSecretSchema } from '@parser/contracts';

import { useMutationThatCaches } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { webhookSecretQueryOptions } from './get-webhook-secret';

/** POST /api/settings/webhook-secret:rotate: a new secret signs every delivery from now on. */
export function rotateWebhookSecret(): Promise<WebhookSecret> {
  return api.post('/api/settings/webhook-secret:rotate', {}, WebhookSecretSchema);
}

export function useRotateWebhookSecret() {
  return useMutationThatCaches(rotateWebhookSecret, webhookSecretQueryOptions().queryKey);
}
