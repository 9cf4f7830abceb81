import { queryOptions, useQuery } from '@tanstack/react-query';
import { NEWS_PAGE_SIZE } from '@common/site';
import { apiFetch, HttpError } from '@/lib/api-client';
import { normalizeArticle } from '../lib/normalize';
import type { Article } from '../types';

export const ARCHIVE_LOAD_ERROR = 'Failed to fetch older stories';

/** One page of older stories (GET /News/archive); `invalid` when the API refused the link (400). */
export interface ArchiveResult {
  articles: Article[];
  older: string | null;
  newer: string | null;
  invalid?: boolean;
}

export interface ArchiveRequest {
  category?: string;
  before?: string;
  after?: string;
}

/** GET /News/archive?category=&before=|after=&count=15. */
export function archiveUrl({ category, before, after }: ArchiveRequest): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (before) params.set('before', before);
  else if (after) params.set('after', after);
  params.set('count', String(NEWS_PAGE_SIZE));
  return `/News/archive?${params.toString()}`;
}

/** The archive API's JSON (or a 400 problem, status given) as the page's result. */
export function toArchiveResult(status: number, body: unknown): ArchiveResult {
  if (status === 400) return { articles: [], older: null, newer: null, invalid: true };
  const json = (body ?? {}) as { articles?: unknown[]; older?: unknown; newer?: unknown };
  return {
    articles: (json.articles ?? []).map((a, i) => normalizeArticle(a, i)),
    older: typeof json.older === 'string' ? json.older : null,
    newer: typeof json.newer === 'string' ? json.newer : null,
  };
}

export async function getArchive(request: ArchiveRequest, signal?: AbortSignal): Promise<ArchiveResult> {
  let response: Response;
  try {
    response = await apiFetch(archiveUrl(request), { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(ARCHIVE_LOAD_ERROR, { cause: error });
  }
  if (response.status === 400) return toArchiveResult(400, null);
  if (!response.ok) throw new HttpError(ARCHIVE_LOAD_ERROR, response.status);
  return toArchiveResult(200, await response.json());
}

export function getArchiveQueryOptions(request: ArchiveRequest) {
  return queryOptions({
    queryKey: ['archive', request.category ?? 'all', request.before ?? '', request.after ?? ''],
    queryFn: ({ signal }) => getArchive(request, signal),
  });
}

export function useArchive(request: ArchiveRequest): { result?: ArchiveResult; isLoading: boolean; error: boolean } {
  const query = useQuery(getArchiveQueryOptions(request));
  return { result: query.data, isLoading: query.isPending, error: query.isError };
}
