import { queryOptions, useQuery } from '@tanstack/react-query';
import { listingApiPath } from '@common/byline';
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

/** The page's cursor (none: the first page), as the older-stories pages carry it. */
export interface ListingCursor {
  before?: string;
  after?: string;
}

/**
 * found: false when the API answers 404 (no such author or tag) or 400 (a cursor that is not ours):
 * the not-found screen. `older`/`newer`: the cursors of the neighbouring pages.
 */
export type ListingResult =
  | { found: true; record: ListingRecord; articles: Article[]; older: string | null; newer: string | null }
  | { found: false };

/** The API's 200 JSON (or its 404 or 400) as the page's result. */
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
    older: typeof json.older === 'string' ? json.older : null,
    newer: typeof json.newer === 'string' ? json.newer : null,
  };
}

export async function getListing(kind: ListingKind, slug: string, cursor: ListingCursor, signal?: AbortSignal) {
  let response: Response;
  try {
    response = await apiFetch(listingApiPath(kind, slug, cursor), { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(LISTING_LOAD_ERROR, { cause: error });
  }
  if (response.status === 404 || response.status === 400) return toListingResult(kind, response.status, null);
  if (!response.ok) throw new HttpError(LISTING_LOAD_ERROR, response.status);
  return toListingResult(kind, 200, await response.json());
}

export function getListingQueryOptions(kind: ListingKind, slug: string, cursor: ListingCursor = {}) {
  return queryOptions({
    queryKey: ['listing', kind, slug, cursor.before ?? '', cursor.after ?? ''],
    queryFn: ({ signal }) => getListing(kind, slug, cursor, signal),
  });
}

export function useListing(kind: ListingKind, slug: string, cursor: ListingCursor = {}) {
  const query = useQuery(getListingQueryOptions(kind, slug, cursor));
  return { result: query.data, isLoading: query.isPending, error: query.isError };
}
