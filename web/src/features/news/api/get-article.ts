import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { normalizeArticle } from '../lib/normalize';
import type { ArticleResult } from '../types';

export const ARTICLE_NOT_FOUND = 'Not found';
export const ARTICLE_LOAD_ERROR = 'Failed to fetch article';

/** GET /News/slug/{slug}, the slug URL-encoded. */
export function articleUrl(slug: string): string {
  return `/News/slug/${encodeURIComponent(slug)}`;
}

/** One article. A non-OK answer is { article: null, error: 'Not found' }; a failed request throws 'Failed to fetch article'. */
export async function getArticle({ slug, signal }: { slug: string; signal?: AbortSignal }): Promise<ArticleResult> {
  let response: Response;
  try {
    response = await apiFetch(articleUrl(slug), { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(ARTICLE_LOAD_ERROR, { cause: error });
  }
  if (!response.ok) return { article: null, error: ARTICLE_NOT_FOUND };
  try {
    return { article: normalizeArticle(await response.json()) };
  } catch (error) {
    throw new Error(ARTICLE_LOAD_ERROR, { cause: error });
  }
}

export function getArticleQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['article', slug],
    queryFn: ({ signal }) => getArticle({ slug, signal }),
  });
}

/** The article for a page: loading, then found, or not found/failed (both show ARTICLE NOT FOUND). */
export function useArticle(slug: string): { result: ArticleResult; isLoading: boolean } {
  const query = useQuery(getArticleQueryOptions(slug));
  if (query.isPending) return { result: { article: null }, isLoading: true };
  if (query.isError) return { result: { article: null, error: ARTICLE_LOAD_ERROR }, isLoading: false };
  return { result: query.data, isLoading: false };
}
