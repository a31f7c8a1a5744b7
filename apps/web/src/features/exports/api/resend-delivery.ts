import { type WebhookDelivery, WebhookDeliverySchema } from '@parser/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { EXPORTS_KEY } from './keys';

/** POST /api/webhook-deliveries/:id/resend: delivers the same document to the same URL again. */
export function resendDelivery(deliveryId: string): Promise<WebhookDelivery> {
  return api.post(
    `/api/webhook-deliveries/${encodeURIComponent(deliveryId)}/resend`,
    {},
    WebhookDeliverySchema,
  );
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendDelivery,
    onSettled: () => queryClient.invalidateQueries({ queryKey: EXPORTS_KEY }),
  });
}
