import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
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

export function useLiveArticle(id: number) {
  return useQuery(liveArticleQueryOptions(useAdminApi(), id));
}
