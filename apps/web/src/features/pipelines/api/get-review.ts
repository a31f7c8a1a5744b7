import { isAutomaticStep, type ReviewRecord, ReviewRecordSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { PIPELINES_KEY } from './keys';

/** While extraction or an agent runs, the review record is polled this often. */
const PROCESSING_POLL_MS = 3_000;

/** GET /api/pipelines/:id/review: the record the review screen edits. */
export function getReview(id: string): Promise<ReviewRecord> {
  return api.get(`/api/pipelines/${encodeURIComponent(id)}/review`, ReviewRecordSchema);
}

export const reviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...PIPELINES_KEY, id, 'review'],
    queryFn: () => getReview(id),
    // Poll only while the pipeline runs on its own, so the values appear when extraction ends.
    refetchInterval: (query) =>
      query.state.data && isAutomaticStep(query.state.data.current_step)
        ? PROCESSING_POLL_MS
        : false,
  });

export function useReview(id: string) {
  return useQuery(reviewQueryOptions(id));
}
