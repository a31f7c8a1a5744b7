import { type DocType, DocTypeSchema, type DocTypeUpdate } from '@parser/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { docTypeQueryOptions } from './get-doc-type';
import { DOC_TYPES_KEY, docTypesQueryOptions } from './get-doc-types';

export interface UpdateDocTypeInput {
  id: string;
  /** The edit-mode subset: description and presetKey never change after creation. */
  body: DocTypeUpdate;
}

/** PUT /api/doc-types/:id: answers the updated type. */
export function updateDocType({ id, body }: UpdateDocTypeInput): Promise<DocType> {
  return api.put(`/api/doc-types/${encodeURIComponent(id)}`, body, DocTypeSchema);
}

export function useUpdateDocType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDocType,
    onSuccess: async (docType) => {
      queryClient.setQueryData(docTypeQueryOptions(docType.id).queryKey, docType);
      // The list screen opens next: show the change at once rather than the stale copy until the
      // refetch lands.
      queryClient.setQueryData(docTypesQueryOptions().queryKey, (list) =>
        list?.map((item) => (item.id === docType.id ? docType : item)),
      );
      await queryClient.invalidateQueries({ queryKey: DOC_TYPES_KEY });
    },
  });
}
