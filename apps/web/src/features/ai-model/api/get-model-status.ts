import { type ModelStatus, ModelStatusSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /api/model: which engine reads documents, the company's model usage and last error. */
export function getModelStatus(): Promise<ModelStatus> {
  return api.get('/api/model', ModelStatusSchema);
}

export const modelStatusQueryOptions = () =>
  queryOptions({ queryKey: ['model-status'], queryFn: getModelStatus });

export function useModelStatus() {
  return useQuery(modelStatusQueryOptions());
}
