import { type ModelStatus, ModelStatusSchema } from '@parser/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDocTypeModel,
    onSuccess: (status) => queryClient.setQueryData(modelStatusQueryOptions().queryKey, status),
  });
}
