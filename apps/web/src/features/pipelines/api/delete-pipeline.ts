import { useMutationThatInvalidates } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { PIPELINES_KEY } from './keys';

/** DELETE /api/pipelines/:id: the pipeline with its files and review data; 204. */
export function deletePipeline(id: string): Promise<undefined> {
  return api.delete(`/api/pipelines/${encodeURIComponent(id)}`);
}

export function useDeletePipeline() {
  return useMutationThatInvalidates(deletePipeline, PIPELINES_KEY);
}
