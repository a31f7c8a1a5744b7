import { type PipelineStep, type QueuePosition, QueuePositionSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { PIPELINES_KEY } from './keys';

/** GET /api/pipelines/:id/queue-position: the document's place among those of its type and step. */
export function getQueuePosition(id: string): Promise<QueuePosition> {
  return api.get(`/api/pipelines/${encodeURIComponent(id)}/queue-position`, QueuePositionSchema);
}

/** Keyed by the step too: a submitted document stands in another queue. */
export const queuePositionQueryOptions = (id: string, step: PipelineStep | undefined) =>
  queryOptions({
    queryKey: [...PIPELINES_KEY, id, 'queue-position', step],
    queryFn: () => getQueuePosition(id),
    // Asked once the document's step is known.
    enabled: step !== undefined,
  });

export function useQueuePosition(id: string, step: PipelineStep | undefined) {
  return useQuery(queuePositionQueryOptions(id, step));
}
