import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';
import type { AdminLiveEntry } from '../types.ts';
import { liveKeys, livePath } from './live-keys.ts';

/** How often the console asks for entries other editors posted (while the tab is visible). */
export const LIVE_ENTRIES_POLL_MS = 4000;

/** GET /api/admin/articles/{id}/live/entries: every entry, newest first, deleted ones left out. */
export function getLiveEntries(client: AdminApiClient, articleId: number, signal?: AbortSignal) {
  return adminRequest<{ entries: AdminLiveEntry[] }>(
    client,
    `${livePath(articleId)}/entries`,
    { failed: 'Failed to load live entries', error: 'Error loading live entries' },
    { signal },
  ).then((r) => r.entries);
}

export function liveEntriesQueryOptions(client: AdminApiClient, articleId: number) {
  return queryOptions({
    queryKey: liveKeys.entries(articleId),
    queryFn: ({ signal }) => getLiveEntries(client, articleId, signal),
    ...adminQueryDefaults,
    staleTime: 0,
  });
}

/** The entries, asked again every few seconds so posts of other editors appear (pollMs 0: no polling). */
export function useLiveEntries(articleId: number, pollMs = LIVE_ENTRIES_POLL_MS) {
  return useQuery({
    ...liveEntriesQueryOptions(useAdminApi(), articleId),
    refetchInterval: pollMs > 0 ? pollMs : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}
