import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import type { AdminArticle } from '../types.ts';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';

/** GET /api/admin/articles/{id} */
export function getArticle(client: AdminApiClient, id: number, signal?: AbortSignal): Promise<AdminArticle> {
  return adminRequest<AdminArticle>(
    client,
    `/api/admin/articles/${id}`,
    { failed: 'Failed to load article details', error: 'Error loading article details' },
    { signal },
  );
}

export function articleQueryOptions(client: AdminApiClient, id: number) {
  return queryOptions({
    queryKey: adminKeys.articleDetail(id),
    queryFn: ({ signal }) => getArticle(client, id, signal),
    ...adminQueryDefaults,
  });
}

export function useArticle(id: number) {
  return useQuery(articleQueryOptions(useAdminApi(), id));
}
