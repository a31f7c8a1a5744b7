import { type DocType, DocTypeListSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every query about document types starts with this key, so one invalidation reaches them all. */
export const DOC_TYPES_KEY = ['doc-types'] as const;

/** GET /api/doc-types: the company's document types (temporary test types are never listed). */
export function getDocTypes(): Promise<DocType[]> {
  return api.get('/api/doc-types', DocTypeListSchema);
}

export const docTypesQueryOptions = () =>
  queryOptions({ queryKey: [...DOC_TYPES_KEY, 'list'], queryFn: getDocTypes });

export function useDocTypes() {
  return useQuery(docTypesQueryOptions());
}
