import { type DocType, type DocTypeCreate, DocTypeSchema } from '@parser/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { DOC_TYPES_KEY } from './get-doc-types';

/** POST /api/doc-types: 201 with the stored type. */
export function createDocType(body: DocTypeCreate): Promise<DocType> {
  return api.post('/api/doc-types', body, DocTypeSchema);
}

export function useCreateDocType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDocType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOC_TYPES_KEY }),
  });
}
