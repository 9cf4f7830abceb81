import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AdminApiContext, type AdminApiClient } from '@/lib/admin-api-client';
import { fakeApi, json, type Sent } from '@/testing/fake-admin-api';
import type { ArticleShares, PlatformShare } from '../../../../../common/admin-contract.ts';

export { fakeApi, json, type Sent };

/** Renders `ui` inside the admin's providers (router, query cache, API client). */
export function renderInAdmin(ui: ReactNode, client: AdminApiClient, opts: { router?: boolean } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // `router: false` when `ui` brings its own (a data router, for screens that block navigation).
  function Providers({ children }: { children: ReactNode }) {
    const inside = (
      <QueryClientProvider client={queryClient}>
        <AdminApiContext.Provider value={client}>{children}</AdminApiContext.Provider>
      </QueryClientProvider>
    );
    return opts.router === false ? inside : <MemoryRouter>{inside}</MemoryRouter>;
  }
  // As a wrapper, so a rerender keeps the providers.
  const utils = render(ui, { wrapper: Providers });
  return { ...utils, queryClient };
}

export function share(over: Partial<PlatformShare> & Pick<PlatformShare, 'platform'>): PlatformShare {
  return {
    state: null,
    connected: true,
    message: null,
    postId: null,
    postUrl: null,
    reason: null,
    attempts: 0,
    nextAttemptAt: null,
    updatedAt: null,
    ...over,
  };
}

export const LINK = 'https://dailysmear.example.com/article/goat-elected-mayor';

export function sharesView(over: Partial<ArticleShares> = {}): ArticleShares {
  return {
    articleId: 7,
    choice: { shareToX: null, shareToFacebook: null, shareMessage: null },
    preview: {
      link: LINK,
      x: { text: `Goat Elected Mayor ${LINK}`, weightedLength: 42 },
      facebook: { message: 'Goat Elected Mayor', link: LINK },
    },
    shares: [share({ platform: 'x' }), share({ platform: 'facebook' })],
    ...over,
  };
}
