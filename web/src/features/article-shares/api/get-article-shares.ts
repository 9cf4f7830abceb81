import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import type { ArticleShares } from '../../../../../common/admin-contract.ts';

export const sharesKey = (id: number) => ['admin', 'article-shares', id] as const;

/** GET /api/admin/articles/{id}/shares */
export function getArticleShares(client: AdminApiClient, id: number, signal?: AbortSignal): Promise<ArticleShares> {
  return adminRequest<ArticleShares>(
    client,
    `/api/admin/articles/${id}/shares`,
    { failed: 'Failed to load the social posts', error: 'Error loading the social posts' },
    { signal },
  );
}

export function articleSharesQueryOptions(client: AdminApiClient, id: number) {
  return queryOptions({
    queryKey: sharesKey(id),
    queryFn: ({ signal }) => getArticleShares(client, id, signal),
    // While a post is queued or being sent, look again every 2 s.
    refetchInterval: (q) =>
      q.state.data?.shares.some((s) => s.state === 'queued' || s.state === 'posting') ? 2000 : false,
  });
}

export function useArticleShares(id: number) {
  return useQuery(articleSharesQueryOptions(useAdminApi(), id));
}
