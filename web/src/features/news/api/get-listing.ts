import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, HttpError } from '@/lib/api-client';
import { normalizeArticle } from '../lib/normalize';
import type { Article } from '../types';

export const LISTING_LOAD_ERROR = 'Failed to load the stories';

export type ListingKind = 'author' | 'tag';

/** An author's or a tag's page: the record and one page of its published stories. */
export interface ListingRecord {
  name: string;
  slug: string;
  bio?: string;
  photoUrl?: string | null;
  xHandle?: string | null;
}

/** found: false when the API answers 404 (no such author or tag, or no such page): the not-found screen. */
export type ListingResult =
  { found: true; record: ListingRecord; articles: Article[]; page: number; hasMore: boolean } | { found: false };

/** GET /News/author/{slug}?page= or /News/tag/{slug}?page= (page only past the first). */
export function listingApiUrl(kind: ListingKind, slug: string, page = 1): string {
  return `/News/${kind}/${encodeURIComponent(slug)}${page > 1 ? `?page=${page}` : ''}`;
}

/** The API's 200 JSON (or its 404) as the page's result. */
export function toListingResult(kind: ListingKind, status: number, body: unknown): ListingResult {
  if (status !== 200) return { found: false };
  const json = (body ?? {}) as Record<string, unknown>;
  const raw = (json[kind] ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    found: true,
    record: {
      name: str(raw.name),
      slug: str(raw.slug),
      ...(kind === 'author'
        ? { bio: str(raw.bio), photoUrl: str(raw.photoUrl) || null, xHandle: str(raw.xHandle) || null }
        : {}),
    },
    articles: (Array.isArray(json.articles) ? json.articles : []).map((a, i) => normalizeArticle(a, i)),
    page: typeof json.page === 'number' ? json.page : 1,
    hasMore: json.hasMore === true,
  };
}

/** A page number from the address: a whole number from 1, else NaN (not a page: the not-found screen). */
export function listingPage(param: string | null): number {
  if (param === null) return 1;
  return /^[1-9][0-9]{0,3}$/.test(param) ? Number(param) : Number.NaN;
}

export async function getListing(kind: ListingKind, slug: string, page: number, signal?: AbortSignal) {
  let response: Response;
  try {
    response = await apiFetch(listingApiUrl(kind, slug, page), { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(LISTING_LOAD_ERROR, { cause: error });
  }
  if (response.status === 404 || response.status === 400) return toListingResult(kind, 404, null);
  if (!response.ok) throw new HttpError(LISTING_LOAD_ERROR, response.status);
  return toListingResult(kind, 200, await response.json());
}

export function getListingQueryOptions(kind: ListingKind, slug: string, page: number) {
  return queryOptions({
    queryKey: ['listing', kind, slug, page],
    queryFn: ({ signal }) => getListing(kind, slug, page, signal),
  });
}

export function useListing(kind: ListingKind, slug: string, page: number) {
  const query = useQuery({ ...getListingQueryOptions(kind, slug, page), enabled: Number.isFinite(page) });
  return { result: query.data, isLoading: query.isPending && Number.isFinite(page), error: query.isError };
}
