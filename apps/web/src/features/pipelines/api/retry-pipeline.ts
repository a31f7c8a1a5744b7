import { type ReviewRecord, ReviewRecordSchema } from '@parser/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { reviewQueryOptions } from './get-review';
import { PIPELINES_KEY } from './keys';

/** POST /api/pipelines/:id/retry: a failed pipeline goes back to extraction. */
export function retryPipeline(id: string): Promise<ReviewRecord> {
  return api.post(`/api/pipelines/${encodeURIComponent(id)}/retry`, {}, ReviewRecordSchema);
}

export function useRetryPipeline(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryPipeline(id),
    onSuccess: async (record) => {
      queryClient.setQueryData(reviewQueryOptions(id).queryKey, record);
      await queryClient.invalidateQueries({ queryKey: PIPELINES_KEY, refetchType: 'inactive' });
    },
  });
}
