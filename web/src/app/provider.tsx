import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { usePrefetchOnIntent } from './prefetch-on-intent.ts';

export function AppProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  // Effects run once the server-rendered page is hydrated: from then on its buttons respond.
  // `<html data-hydrated>` says so (the browser tests wait for it before they press keys).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  usePrefetchOnIntent(client);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
