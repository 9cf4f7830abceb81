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
  return queryOptions({ queryKey: sharesKey(id), queryFn: ({ signal }) => getArticleShares(client, id, signal) });
}

/** The article's share choice, the previews of its posts and the shares (for the share choice). */
export function useArticleShares(id: number | undefined) {
  const client = useAdminApi();
  return useQuery({ ...articleSharesQueryOptions(client, id ?? 0), enabled: id !== undefined });
}
