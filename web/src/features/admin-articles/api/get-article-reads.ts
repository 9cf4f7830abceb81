import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';

/** GET /api/admin/articles/{id}/reads: the article's reads in the last 7 days (decision 049). */
export function getArticleReads(client: AdminApiClient, id: number, signal?: AbortSignal): Promise<number> {
  return adminRequest<{ last7Days: number }>(
    client,
    `/api/admin/articles/${id}/reads`,
    { failed: 'Failed to load the reads', error: 'Error loading the reads' },
    { signal },
  ).then((r) => r?.last7Days ?? 0);
}

export function articleReadsQueryOptions(client: AdminApiClient, id: number) {
  return queryOptions({
    queryKey: [...adminKeys.articleDetail(id), 'reads'] as const,
    queryFn: ({ signal }) => getArticleReads(client, id, signal),
    ...adminQueryDefaults,
  });
}

export function useArticleReads(id: number) {
  return useQuery(articleReadsQueryOptions(useAdminApi(), id));
}
