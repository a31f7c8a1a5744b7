import { type ModelStatus, ModelStatusSchema } from '@parser/contracts';

import { useMutationThatCaches } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { modelStatusQueryOptions } from './get-model-status';

/** PUT /api/model/doc-types/:id: the model reads this type's documents or not (admins). */
export function setDocTypeModel(input: {
  docTypeId: string;
  useModel: boolean;
}): Promise<ModelStatus> {
  return api.put(
    `/api/model/doc-types/${encodeURIComponent(input.docTypeId)}`,
    { use_model: input.useModel },
    ModelStatusSchema,
  );
}

export function useSetDocTypeModel() {
  return useMutationThatCaches(setDocTypeModel, modelStatusQueryOptions().queryKey);
}
