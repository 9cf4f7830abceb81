import { isCancelledError, QueryCache, QueryClient } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * Called once when a fetch of the query has finally failed (after its retries), however many
       * components observe the query; not for a cancelled fetch (nobody waits for it any more), nor for
       * one no component observes (a prefetch on a reader's intent whose page was not opened).
       */
      onError?: (error: Error) => void;
    };
  }
}

/** How long fetched data counts as fresh: a page shown within it uses the data without fetching again. */
export const FRESH_FOR_MS = 5 * 60 * 1000;

/** Data cache: 5 minutes retention, 3 retries, retry delay 1000 ms doubling up to 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isCancelledError(error) && query.getObserversCount() > 0) query.meta?.onError?.(error);
      },
    }),
    defaultOptions: {
      queries: {
        gcTime: 5 * 60 * 1000,
        staleTime: FRESH_FOR_MS,
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
