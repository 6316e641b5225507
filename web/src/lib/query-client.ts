import { QueryClient } from '@tanstack/react-query';

/**
 * Specification §7: queries never go stale, are never refetched on their own and never retried; mutations are
 * not retried either. A query that must be fresh (the learner's bookings) says so in its own options.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
