import { type BulkDeleteResult, BulkDeleteResultSchema, MAX_PAGE_SIZE } from '@parser/contracts';

import { useMutationThatInvalidates } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { PIPELINES_KEY } from './keys';

/**
 * POST /api/pipelines/bulk-delete: each call deletes all of its ids or none. The server takes at
 * most MAX_PAGE_SIZE ids a call, so a larger selection goes in consecutive calls.
 */
export async function bulkDeletePipelines(pipelineIds: string[]): Promise<BulkDeleteResult> {
  if (pipelineIds.length <= MAX_PAGE_SIZE) {
    return api.post(
      '/api/pipelines/bulk-delete',
      { pipeline_ids: pipelineIds },
      BulkDeleteResultSchema,
    );
  }
  let deleted = 0;
  for (let start = 0; start < pipelineIds.length; start += MAX_PAGE_SIZE) {
    const result = await bulkDeletePipelines(pipelineIds.slice(start, start + MAX_PAGE_SIZE));
    deleted += result.deleted_count;
  }
  return { message: `Successfully deleted ${deleted} documents`, deleted_count: deleted };
}

export function useBulkDeletePipelines() {
  return useMutationThatInvalidates(bulkDeletePipelines, PIPELINES_KEY);
}
