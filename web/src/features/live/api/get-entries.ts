import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveEntriesPage } from '@common/live-contract';
import { apiFetch, HttpError } from '@/lib/api-client';

export const ENTRIES_LOAD_ERROR = 'Failed to fetch the live updates';

/** `?before=` of a live article page: an entry id (a whole number), else undefined (the newest). */
export function entriesBefore(param: string | null): number | undefined {
  return param !== null && /^[1-9][0-9]{0,15}$/.test(param) ? Number(param) : undefined;
}

/** GET /News/slug/{slug}/entries?before={id}: one page of older entries. */
export function entriesApiUrl(slug: string, before: number): string {
  return `/News/slug/${encodeURIComponent(slug)}/entries?before=${before}`;
}

/** The API's JSON as the page's data (anything missing: an empty page). */
export function toEntriesPage(body: unknown): LiveEntriesPage {
  const json = (body ?? {}) as Partial<LiveEntriesPage>;
  return {
    entries: Array.isArray(json.entries) ? json.entries : [],
    olderBefore: typeof json.olderBefore === 'number' ? json.olderBefore : null,
  };
}

export async function getEntries(slug: string, before: number, signal?: AbortSignal): Promise<LiveEntriesPage> {
  const response = await apiFetch(entriesApiUrl(slug, before), { signal });
  if (response.status === 400 || response.status === 404) return { entries: [], olderBefore: null };
  if (!response.ok) throw new HttpError(ENTRIES_LOAD_ERROR, response.status);
  return toEntriesPage(await response.json());
}

export function getEntriesQueryOptions(slug: string, before: number) {
  return queryOptions({
    queryKey: ['live-entries', slug, before],
    queryFn: ({ signal }) => getEntries(slug, before, signal),
  });
}

/** The page of older entries for `?before=` (disabled without it). */
export function useEntries(slug: string, before: number | undefined) {
  const query = useQuery({ ...getEntriesQueryOptions(slug, before ?? 0), enabled: before !== undefined });
  return { page: query.data, isLoading: query.isPending && before !== undefined };
}
