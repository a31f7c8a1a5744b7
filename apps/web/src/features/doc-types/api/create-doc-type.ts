import { type DocType, type DocTypeCreate, DocTypeSchema } from '@parser/contracts';

import { useMutationThatInvalidates } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { DOC_TYPES_KEY } from './get-doc-types';

/** POST /api/doc-types: 201 with the stored type. */
export function createDocType(body: DocTypeCreate): Promise<DocType> {
  return api.post('/api/doc-types', body, DocTypeSchema);
}

export function useCreateDocType() {
  return useMutationThatInvalidates(createDocType, DOC_TYPES_KEY);
}
