import { type ReviewRecord, ReviewRecordSchema } from '@parser/contracts';

import { useMutationThatCaches } from '@/hooks/use-mutation-with-cache';
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
  return useMutationThatCaches(() => reExtract(id), reviewQueryOptions(id).queryKey);
}
