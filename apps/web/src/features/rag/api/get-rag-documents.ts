import { type RagDocument, RagDocumentListSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /api/rag: the company's knowledge documents. */
export function getRagDocuments(): Promise<RagDocument[]> {
  return api.get('/api/rag', RagDocumentListSchema);
}

export const ragDocumentsQueryOptions = () =>
  queryOptions({ queryKey: ['rag', 'list'], queryFn: getRagDocuments });

export function useRagDocuments() {
  return useQuery(ragDocumentsQueryOptions());
}
