import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { CATEGORIES } from '@common/categories';
import { paths } from '@/config/paths';
import { getArticleQueryOptions } from '@/features/news/api/get-article';
import { getNewsQueryOptions } from '@/features/news/api/get-news';
import { listenForLinkIntent } from '@/lib/link-intent';
import { FRESH_FOR_MS } from '@/lib/query-client';
import { loadArticleRoute, loadCategoryRoute } from './route-table.tsx';

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

/** What a link leads to that is worth loading early: an article, or a section's first page. */
export type IntentTarget = { kind: 'article'; slug: string } | { kind: 'section'; name: string };

/**
 * The target of a link, as a key for the intent listener (`article:<slug>`, `section:<name>`), or null:
 * a section's later pages (`?page=`) and every other page load as they always did.
 */
export function intentKeyOf(url: URL): string | null {
  const slug = articleSlugOf(url);
  if (slug !== null) return `article:${slug}`;
  if (url.search) return null;
  const section = CATEGORIES.find((c) => url.pathname === paths.category.getHref(c.path));
  return section ? `section:${section.name}` : null;
}

function targetOf(key: string): IntentTarget {
  const at = key.indexOf(':');
  const value = key.slice(at + 1);
  return key.slice(0, at) === 'article' ? { kind: 'article', slug: value } : { kind: 'section', name: value };
}

/**
 * Fetches what the page needs before the click: its data (fresh as long as the page would use it
 * without fetching again, so the page shows it at once) and the page's chunk. The data is fetched as
 * the page itself fetches it, with its retries and its error report: a page opened while the fetch runs
 * joins that fetch and loses nothing. A failure is reported only once a page shows it
 * (lib/query-client.ts): a link the reader never follows reports nothing.
 */
export function prefetchTarget(client: QueryClient, target: IntentTarget): void {
  const early = { staleTime: FRESH_FOR_MS } as const;
  if (target.kind === 'article') {
    void client.prefetchQuery({ ...getArticleQueryOptions(target.slug), ...early });
    void loadArticleRoute().catch(() => undefined);
  } else {
    void client.prefetchQuery({ ...getNewsQueryOptions(target.name), ...early });
    void loadCategoryRoute().catch(() => undefined);
  }
}

/**
 * Reading pages: a link to an article or a section starts loading that page when the reader shows
 * intent (lib/link-intent.ts). Not on the newsroom's screens, which link to articles only to check them.
 */
export function usePrefetchOnIntent(client: QueryClient): void {
  useEffect(
    () =>
      listenForLinkIntent(document, {
        keyOf: (url) => (document.location.pathname.startsWith(paths.admin.root.path) ? null : intentKeyOf(url)),
        prefetch: (key) => prefetchTarget(client, targetOf(key)),
        freshForMs: FRESH_FOR_MS,
      }),
    [client],
  );
}
