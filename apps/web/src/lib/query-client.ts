import { QueryClient } from '@tanstack/react-query';

/** Spec section 4: queries retry once and do not refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

export const queryClient = createQueryClient();
