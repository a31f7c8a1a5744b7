import { type DocType, DocTypeSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { DOC_TYPES_KEY } from './get-doc-types';

/** GET /api/doc-types/:id: one type; 404 for an unknown id or another company's. */
export function getDocType(id: string): Promise<DocType> {
  return api.get(`/api/doc-types/${encodeURIComponent(id)}`, DocTypeSchema);
}

export const docTypeQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...DOC_TYPES_KEY, id], queryFn: () => getDocType(id) });

export function useDocType(id: string) {
  return useQuery(docTypeQueryOptions(id));
}
