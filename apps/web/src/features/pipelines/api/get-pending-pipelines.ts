import { type PipelinePage, PipelinePageSchema } from '@parser/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { listQueryString, PIPELINES_KEY, REFRESH_MS } from './keys';

/** The two pending lists: pipelines at human_review and pipelines at approval. */
export type PendingList = 'pending-review' | 'pending-approval';

export interface PendingListQuery {
  docTypeId?: string;
  /** Page size; the server's default when omitted. */
  limit?: number;
}

/** GET /api/pipelines/pending-review|pending-approval: one page, newest first. */
export function getPendingPipelines(
  list: PendingList,
  query: PendingListQuery & { cursor?: string },
): Promise<PipelinePage> {
  const search = listQueryString({
    doc_type_id: query.docTypeId,
    limit: query.limit,
    cursor: query.cursor,
  });
  return api.get(`/api/pipelines/${list}${search}`, PipelinePageSchema);
}

/**
 * Spec section 4: the review list refreshes every 15 s while the tab is visible; the approval
 * list every 5 s, in the background too, so a document sent to someone shows up promptly.
 */
export const pendingPipelinesQueryOptions = (list: PendingList, query: PendingListQuery = {}) =>
  infiniteQueryOptions({
    queryKey: [...PIPELINES_KEY, list, query],
    queryFn: ({ pageParam }) => getPendingPipelines(list, { ...query, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    refetchInterval:
      list === 'pending-review' ? REFRESH_MS.pendingReview : REFRESH_MS.pendingApproval,
    refetchIntervalInBackground: list === 'pending-approval',
  });

export function usePendingPipelines(list: PendingList, query: PendingListQuery = {}) {
  return useInfiniteQuery(pendingPipelinesQueryOptions(list, query));
}
