import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, adminRequest, trashedArticleOf, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';
import type { LiveArticle } from '../types.ts';

/** GET /api/admin/articles/{id}: the console's headline and coverage state (the detail screen's cache entry). */
export function getLiveArticle(client: AdminApiClient, id: number, signal?: AbortSignal): Promise<LiveArticle> {
  return adminRequest<LiveArticle>(
    client,
    `/api/admin/articles/${id}`,
    { failed: 'Failed to load article details', error: 'Error loading article details' },
    { signal },
  );
}

export function liveArticleQueryOptions(client: AdminApiClient, id: number) {
  return queryOptions({
    queryKey: adminKeys.articleDetail(id),
    queryFn: ({ signal }) => getLiveArticle(client, id, signal),
    ...adminQueryDefaults,
  });
}

/**
 * The console's article. While it is in the Trash it is asked for again every `trashPollMs` (while the
 * tab is visible; 0: never), so a restore by a colleague brings the console back on its own.
 */
export function useLiveArticle(id: number, trashPollMs = 0) {
  return useQuery({
    ...liveArticleQueryOptions(useAdminApi(), id),
    refetchInterval: (query) => (trashPollMs > 0 && trashedArticleOf(query.state.error) ? trashPollMs : false),
    refetchIntervalInBackground: false,
  });
}
