import { type DocumentPage, DocumentPageSchema } from '@parser/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const DOCUMENTS_KEY = ['documents'] as const;

export interface DocumentsQuery {
  /** Part of the file name, matched case-insensitively by the server. */
  q?: string;
}

/** GET /api/documents/?q&cursor: one page of uploaded documents, newest first. */
export function getDocuments(query: DocumentsQuery & { cursor?: string }): Promise<DocumentPage> {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.cursor) params.set('cursor', query.cursor);
  const search = params.toString();
  return api.get(`/api/documents/${search ? `?${search}` : ''}`, DocumentPageSchema);
}

export const documentsQueryOptions = (query: DocumentsQuery = {}) =>
  infiniteQueryOptions({
    queryKey: [...DOCUMENTS_KEY, 'list', query],
    queryFn: ({ pageParam }) => getDocuments({ ...query, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // While a new search runs, the previous results stay on screen instead of a spinner.
    placeholderData: keepPreviousData,
  });

export function useDocuments(query: DocumentsQuery = {}) {
  return useInfiniteQuery(documentsQueryOptions(query));
}
