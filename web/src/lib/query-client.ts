import { QueryClient } from '@tanstack/react-query';

/** Spec section 9: 5 minutes retention, 3 retries, retry delay 1000 ms doubling up to 30 s. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: 5 * 60 * 1000,
      staleTime: 5 * 60 * 1000,
      retry: 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      refetchOnWindowFocus: false,
    },
  },
});
