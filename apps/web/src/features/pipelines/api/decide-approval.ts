import { type ApprovalBody, type ReviewRecord, ReviewRecordSchema } from '@parser/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { reviewQueryOptions } from './get-review';
import { PIPELINES_KEY } from './keys';

/** POST /api/pipelines/:id/approval: approve, reject (back to review) or send to another user. */
export function decideApproval(id: string, body: ApprovalBody): Promise<ReviewRecord> {
  return api.post(`/api/pipelines/${encodeURIComponent(id)}/approval`, body, ReviewRecordSchema);
}

export function useDecideApproval(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalBody) => decideApproval(id, body),
    onSuccess: async (record) => {
      queryClient.setQueryData(reviewQueryOptions(id).queryKey, record);
      await queryClient.invalidateQueries({ queryKey: PIPELINES_KEY, refetchType: 'inactive' });
    },
  });
}
