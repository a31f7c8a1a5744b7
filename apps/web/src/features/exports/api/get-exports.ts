import { type ExportPage, ExportPageSchema } from '@parser/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { DELIVERY_REFRESH_MS, EXPORTS_KEY } from './keys';

export interface ExportsQuery {
  docTypeId?: string;
  /** Page size; the server's default when omitted. */
  limit?: number;
}

/** GET /api/exports: one page of approved documents, newest first, with their latest delivery. */
export function getExports(query: ExportsQuery & { cursor?: string }): Promise<ExportPage> {
  const params = new URLSearchParams();
  if (query.docTypeId) params.set('doc_type_id', query.docTypeId);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.cursor) params.set('cursor', query.cursor);
  const search = params.toString();
  return api.get(`/api/exports${search ? `?${search}` : ''}`, ExportPageSchema);
}

const hasPendingDelivery = (pages: readonly ExportPage[] | undefined) =>
  pages?.some((page) => page.items.some((item) => item.latest_delivery?.status === 'pending')) ??
  false;

export const exportsQueryOptions = (query: ExportsQuery = {}) =>
  infiniteQueryOptions({
    queryKey: [...EXPORTS_KEY, 'list', query],
    queryFn: ({ pageParam }) => getExports({ ...query, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // Deliveries retry in the background: keep their status current only while one is retrying.
    refetchInterval: (q) => (hasPendingDelivery(q.state.data?.pages) ? DELIVERY_REFRESH_MS : false),
  });

export function useExports(query: ExportsQuery = {}) {
  return useInfiniteQuery(exportsQueryOptions(query));
}
