import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AdminApiContext, type AdminApiClient } from '@/lib/admin-api-client';
import { AdminErrorContext } from '@/lib/admin-error-context';

const quietErrors = { report: () => undefined, signOut: () => undefined };

/**
 * Renders `ui` inside the admin's providers: a router, a query cache without retries, the API
 * client (a fake from fake-admin-api.ts) and an error context that reports nothing. `router: false`
 * when `ui` brings its own (a data router, for screens that block navigation).
 */
export function renderInAdmin(ui: ReactNode, client: AdminApiClient, opts: { router?: boolean } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  function Providers({ children }: { children: ReactNode }) {
    const inside = (
      <QueryClientProvider client={queryClient}>
        <AdminApiContext.Provider value={client}>
          <AdminErrorContext.Provider value={quietErrors}>{children}</AdminErrorContext.Provider>
        </AdminApiContext.Provider>
      </QueryClientProvider>
    );
    return opts.router === false ? inside : <MemoryRouter>{inside}</MemoryRouter>;
  }
  // As a wrapper, so a rerender keeps the providers.
  return { ...render(ui, { wrapper: Providers }), queryClient };
}
