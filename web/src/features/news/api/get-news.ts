import { queryOptions, useQuery } from '@tanstack/react-query';
import { NEWS_PAGE_SIZE } from '@common/site';
import { apiFetch, HttpError } from '@/lib/api-client';
import { reportArticleLoadError } from '@/lib/telemetry-events';
import { normalizeNewsList } from '../lib/normalize';
import type { NewsResult } from '../types';

export const NEWS_LOAD_ERROR = 'Failed to fetch news page';

/** GET /News?category={category}&count=15; the category parameter is omitted on the home page. */
export function newsUrl(category?: string): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  params.set('count', String(NEWS_PAGE_SIZE));
  return `/News?${params.toString()}`;
}

/** Fetches and normalises one news list. Not OK -> HttpError('Failed to fetch news page'). */
export async function getNews({
  category,
  signal,
}: { category?: string; signal?: AbortSignal } = {}): Promise<NewsResult> {
  let response: Response;
  try {
    response = await apiFetch(newsUrl(category), { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(NEWS_LOAD_ERROR, { cause: error });
  }
  if (!response.ok) throw new HttpError(NEWS_LOAD_ERROR, response.status);
  return normalizeNewsList(await response.json());
}

export function getNewsQueryOptions(category?: string) {
  return queryOptions({
    queryKey: ['news', category ?? 'all'],
    queryFn: ({ signal }) => getNews({ category, signal }),
    // a 4xx will not get better by asking again; other failures follow the app's retry policy
    retry: (failureCount, error) =>
      !(error instanceof HttpError && error.status >= 400 && error.status < 500) && failureCount < 3,
    // the page logs an ArticleLoadError event once per failed load
    meta: { onError: () => reportArticleLoadError(NEWS_LOAD_ERROR, category ? { category } : {}) },
  });
}

const EMPTY: NewsResult = { breakingNews: [], allArticles: [] };

/**
 * The news list for a page. A failed list is an empty result plus the error message
 * (docs/product.md, States and transitions, Error messages).
 */
export function useNews(category?: string): { result: NewsResult; isLoading: boolean } {
  const query = useQuery(getNewsQueryOptions(category));
  const failed = query.isError;
  if (query.isPending) return { result: EMPTY, isLoading: true };
  if (failed) return { result: { ...EMPTY, error: NEWS_LOAD_ERROR }, isLoading: false };
  return { result: query.data, isLoading: false };
}
