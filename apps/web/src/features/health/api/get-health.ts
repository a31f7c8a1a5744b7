import { type Health, HealthSchema } from '@parser/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** GET /health: no auth. */
export function getHealth(): Promise<Health> {
  return api.get('/health', HealthSchema, { auth: false });
}

export const healthQueryOptions = () =>
  queryOptions({ queryKey: ['health'], queryFn: getHealth, retry: false });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
