import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, HttpError } from '@/lib/api-client';
import { normalizeArticle } from '../lib/normalize';
import type { Article } from '../types';

export const SEARCH_LOAD_ERROR = 'Failed to search';

export interface SearchHit extends Article {
  /** The headline as escaped HTML with the matching words in <mark>…</mark> (see snippetParts). */
  markedHeadline?: string;
  /** Words of the summary and body, the same way (never the headline again). */
  snippet: string;
}

/** The search API's answer, or the reason a query was refused (a 400 problem's detail). */
export type SearchResult =
  { ok: true; query: string; page: number; hasMore: boolean; results: SearchHit[] } | { ok: false; problem: string };

/** GET /News/search?q=&page= (page only when past the first). */
export function searchApiUrl(q: string, page?: string): string {
  const params = new URLSearchParams({ q });
  if (page !== undefined && page !== '1') params.set('page', page);
  return `/News/search?${params.toString()}`;
}

/** The API's JSON (200) or problem (400) as the page's result. */
export function toSearchResult(status: number, body: unknown): SearchResult {
  if (status === 400) {
    const detail = (body as { detail?: unknown } | null)?.detail;
    return { ok: false, problem: typeof detail === 'string' ? detail : 'The search could not be run.' };
  }
  const json = (body ?? {}) as { query?: unknown; page?: unknown; hasMore?: unknown; results?: unknown[] };
  return {
    ok: true,
    query: typeof json.query === 'string' ? json.query : '',
    page: typeof json.page === 'number' ? json.page : 1,
    hasMore: json.hasMore === true,
    results: (json.results ?? []).map((r, i) => {
      const article = normalizeArticle(r, i);
      const { markedHeadline, snippet } = r as { markedHeadline?: unknown; snippet?: unknown };
      return {
        ...article,
        ...(typeof markedHeadline === 'string' ? { markedHeadline } : {}),
        snippet: typeof snippet === 'string' ? snippet : '',
      };
    }),
  };
}

export async function getSearch(q: string, page: string | undefined, signal?: AbortSignal): Promise<SearchResult> {
  let response: Response;
  try {
    response = await apiFetch(searchApiUrl(q, page), { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(SEARCH_LOAD_ERROR, { cause: error });
  }
  if (response.status === 400) return toSearchResult(400, await response.json().catch(() => null));
  if (!response.ok) throw new HttpError(SEARCH_LOAD_ERROR, response.status);
  return toSearchResult(200, await response.json());
}

export function getSearchQueryOptions(q: string, page: string | undefined) {
  return queryOptions({
    queryKey: ['search', q, page ?? '1'],
    queryFn: ({ signal }) => getSearch(q, page, signal),
  });
}

export function useSearch(q: string, page: string | undefined) {
  const query = useQuery({ ...getSearchQueryOptions(q, page), enabled: q.trim() !== '' });
  return { result: query.data, isLoading: query.isPending && q.trim() !== '', error: query.isError };
}
