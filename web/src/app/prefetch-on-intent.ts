import { useEffect } from 'react';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { getArchiveQueryOptions } from '@/features/news/api/get-archive';
import { getArticleQueryOptions } from '@/features/news/api/get-article';
import { getCorrectionsQueryOptions } from '@/features/news/api/get-corrections';
import { getListingQueryOptions } from '@/features/news/api/get-listing';
import { getNewsQueryOptions } from '@/features/news/api/get-news';
import { getSearchQueryOptions } from '@/features/news/api/get-search';
import { listenForLinkIntent } from '@/lib/link-intent';
import { FRESH_FOR_MS } from '@/lib/query-client';
import { intentTargetOf, type IntentTarget } from './intent-target.ts';
import {
  loadArticleRoute,
  loadAuthorRoute,
  loadCategoryRoute,
  loadCorrectionsRoute,
  loadHomeRoute,
  loadSearchRoute,
  loadTagRoute,
} from './route-table.tsx';

/** The target of a link as the intent listener's key (the same page, the same key), or null. */
export function intentKeyOf(url: URL): string | null {
  const target = intentTargetOf(url);
  return target ? JSON.stringify(target) : null;
}

/** One of the page's queries, to start early: fresh for as long as the page would use it without fetching. */
export interface EarlyQuery {
  queryKey: QueryKey;
  start: (client: QueryClient) => Promise<void>;
}

function early<TData, TKey extends QueryKey>(options: FetchQueryOptions<TData, Error, TData, TKey>): EarlyQuery {
  return {
    queryKey: options.queryKey,
    start: (client) => client.prefetchQuery({ ...options, staleTime: FRESH_FOR_MS }),
  };
}

/** A prefetch's work: the queries the page runs on opening (its own options) and its chunk. */
export interface IntentWork {
  queries: EarlyQuery[];
  loadRoute: () => Promise<unknown>;
}

/**
 * What the page at `target` fetches on opening: its content's query, and the news list its frame's
 * breaking strip shows (the section's on a section's pages, the home page's elsewhere; an article's
 * page is loaded with its story alone, decision 044).
 */
export function intentWorkOf(target: IntentTarget): IntentWork {
  switch (target.kind) {
    case 'article':
      return { queries: [early(getArticleQueryOptions(target.slug))], loadRoute: loadArticleRoute };
    case 'home':
      return { queries: [early(getNewsQueryOptions())], loadRoute: loadHomeRoute };
    case 'section':
      return { queries: [early(getNewsQueryOptions(target.name))], loadRoute: loadCategoryRoute };
    case 'archive':
      return {
        queries: [
          early(getArchiveQueryOptions({ category: target.section, ...target.cursor })),
          early(getNewsQueryOptions(target.section)),
        ],
        loadRoute: target.section === undefined ? loadHomeRoute : loadCategoryRoute,
      };
    case 'author':
    case 'tag':
      return {
        queries: [early(getListingQueryOptions(target.kind, target.slug, target.cursor)), early(getNewsQueryOptions())],
        loadRoute: target.kind === 'author' ? loadAuthorRoute : loadTagRoute,
      };
    case 'search':
      return {
        queries: [early(getSearchQueryOptions(target.q, target.page)), early(getNewsQueryOptions())],
        loadRoute: loadSearchRoute,
      };
    case 'corrections':
      return {
        queries: [early(getCorrectionsQueryOptions(target.cursor)), early(getNewsQueryOptions())],
        loadRoute: loadCorrectionsRoute,
      };
  }
}

/**
 * Fetches what the page needs before the click: its data (fresh as long as the page would use it
 * without fetching again, so the page shows it at once) and the page's chunk. The data is fetched as
 * the page itself fetches it, with its retries and its error report: a page opened while the fetch runs
 * joins that fetch and loses nothing. A query already fresh in the cache is not fetched again. A failure
 * is reported only once a page shows it (lib/query-client.ts): a link the reader never follows reports
 * nothing.
 */
export function prefetchTarget(client: QueryClient, target: IntentTarget): void {
  const { queries, loadRoute } = intentWorkOf(target);
  for (const query of queries) void query.start(client);
  void loadRoute().catch(() => undefined);
}

/**
 * Reading pages: a link to a reading page (intent-target.ts) starts loading that page when the reader
 * shows intent (lib/link-intent.ts). Not on the newsroom's screens, which link to articles only to check them.
 */
export function usePrefetchOnIntent(client: QueryClient): void {
  useEffect(
    () =>
      listenForLinkIntent(document, {
        keyOf: (url) => (document.location.pathname.startsWith(paths.admin.root.path) ? null : intentKeyOf(url)),
        prefetch: (key) => prefetchTarget(client, JSON.parse(key) as IntentTarget),
        freshForMs: FRESH_FOR_MS,
      }),
    [client],
  );
}
