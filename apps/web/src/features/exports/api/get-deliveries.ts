import { type WebhookDelivery, WebhookDeliveryListSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { DELIVERY_REFRESH_MS, EXPORTS_KEY } from './keys';

/** GET /api/pipelines/:id/deliveries: the document's webhook deliveries with their attempts. */
export function getDeliveries(pipelineId: string): Promise<WebhookDelivery[]> {
  return api.get(
    `/api/pipelines/${encodeURIComponent(pipelineId)}/deliveries`,
    WebhookDeliveryListSchema,
  );
}

export const deliveriesQueryOptions = (pipelineId: string) =>
  queryOptions({
    queryKey: [...EXPORTS_KEY, 'deliveries', pipelineId],
    queryFn: () => getDeliveries(pipelineId),
    refetchInterval: (q) =>
      q.state.data?.some((delivery) => delivery.status === 'pending') ? DELIVERY_REFRESH_MS : false,
  });

export function useDeliveries(pipelineId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...deliveriesQueryOptions(pipelineId), enabled: options.enabled ?? true });
}
