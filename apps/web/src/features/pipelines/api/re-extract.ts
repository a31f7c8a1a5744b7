import { type ReviewRecord, ReviewRecordSchema } from '@parser/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { reviewQueryOptions } from './get-review';

/**
 * POST /api/pipelines/:id/re-extract: runs extraction again now and replaces extracted_data;
 * reviewed values stay as they are.
 */
export function reExtract(id: string): Promise<ReviewRecord> {
  return api.post(`/api/pipelines/${encodeURIComponent(id)}/re-extract`, {}, ReviewRecordSchema);
}

export function useReExtract(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reExtract(id),
    onSuccess: (record) => queryClient.setQueryData(reviewQueryOptions(id).queryKey, record),
  });
}
