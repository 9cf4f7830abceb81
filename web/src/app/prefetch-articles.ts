import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { getArticleQueryOptions } from '@/features/news/api/get-article';
import { listenForLinkIntent } from '@/lib/link-intent';
import { FRESH_FOR_MS } from '@/lib/query-client';
import { loadArticleRoute } from './route-table.tsx';

const ARTICLE_PATH = /^\/article\/([^/]+)\/?$/;

/** The slug of a link to an article page (as the route reads it), or null for any other link. */
export function articleSlugOf(url: URL): string | null {
  const match = ARTICLE_PATH.exec(url.pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * Fetches what an article page needs before the click: its data (fresh as long as the page would use
 * it without fetching again, so the page shows it at once) and the page's chunk. A failed prefetch
 * costs nothing: the page fetches as it would have.
 */
export function prefetchArticle(client: QueryClient, slug: string): void {
  void client.prefetchQuery({ ...getArticleQueryOptions(slug), staleTime: FRESH_FOR_MS, retry: false });
  void loadArticleRoute().catch(() => undefined);
}

/**
 * Reading pages: a link to an article starts loading that article when the reader shows intent
 * (lib/link-intent.ts). Not on the newsroom's screens, which link to articles only to check them.
 */
export function usePrefetchArticlesOnIntent(client: QueryClient): void {
  useEffect(
    () =>
      listenForLinkIntent(document, {
        keyOf: (url) => (document.location.pathname.startsWith(paths.admin.root.path) ? null : articleSlugOf(url)),
        prefetch: (slug) => prefetchArticle(client, slug),
        freshForMs: FRESH_FOR_MS,
      }),
    [client],
  );
}
