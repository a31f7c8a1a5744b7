import {
  type WebhookExportBody,
  type WebhookExportResult,
  WebhookExportResultSchema,
} from '@parser/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { EXPORTS_KEY } from './keys';

/**
 * POST /api/pipelines/:id/export:webhook: posts the JSON export to the URL now and says how the
 * receiver answered; 400 with `detail` when the URL is refused (private address, bad scheme).
 */
export function sendWebhook(id: string, body: WebhookExportBody): Promise<WebhookExportResult> {
  return api.post(
    `/api/pipelines/${encodeURIComponent(id)}/export:webhook`,
    body,
    WebhookExportResultSchema,
  );
}

export function useSendWebhook(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookExportBody) => sendWebhook(id, body),
    // Each send is recorded as a delivery: the status column and the delivery list change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: EXPORTS_KEY }),
  });
}
