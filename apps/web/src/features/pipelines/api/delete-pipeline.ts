import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { PIPELINES_KEY } from './keys';

/** DELETE /api/pipelines/:id: the pipeline with its files and review data; 204. */
export function deletePipeline(id: string): Promise<undefined> {
  return api.delete(`/api/pipelines/${encodeURIComponent(id)}`);
}

export function useDeletePipeline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePipeline,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PIPELINES_KEY }),
  });
}
