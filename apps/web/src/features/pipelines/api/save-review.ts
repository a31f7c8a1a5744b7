import { type ReviewRecord, ReviewRecordSchema, type SaveReviewBody } from '@parser/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { reviewQueryOptions } from './get-review';
import { PIPELINES_KEY } from './keys';

/**
 * POST /api/pipelines/:id/review: 'submit' saves and moves the document to approval, 'save'
 * keeps it at review. 409 CONFLICT when someone changed it since `version`, 409 INVALID_STATE
 * when it is no longer at review.
 */
export function saveReview(id: string, body: SaveReviewBody): Promise<ReviewRecord> {
  return api.post(`/api/pipelines/${encodeURIComponent(id)}/review`, body, ReviewRecordSchema);
}

export function useSaveReview(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveReviewBody) => saveReview(id, body),
    onSuccess: async (record) => {
      queryClient.setQueryData(reviewQueryOptions(id).queryKey, record);
      await queryClient.invalidateQueries({ queryKey: PIPELINES_KEY, refetchType: 'inactive' });
    },
  });
}
