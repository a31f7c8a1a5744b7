import { useMutationThatInvalidates } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { DOC_TYPES_KEY } from './get-doc-types';

export interface DeleteDocTypeInput {
  id: string;
  /**
   * Also delete the documents processed with this type. Without it the server answers 409
   * CONFLICT, naming how many documents use the type.
   */
  force?: boolean;
}

/** DELETE /api/doc-types/:id[?force=true]: 204. */
export function deleteDocType({ id, force = false }: DeleteDocTypeInput): Promise<undefined> {
  const query = force ? '?force=true' : '';
  return api.delete(`/api/doc-types/${encodeURIComponent(id)}${query}`);
}

export function useDeleteDocType() {
  return useMutationThatInvalidates(deleteDocType, DOC_TYPES_KEY);
}
