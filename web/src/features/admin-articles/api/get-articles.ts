import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { toApiSearch } from '../lib/list-query.ts';
import type { ArticlePage, ListQuery } from '../types.ts';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';

/** GET /api/admin/articles?page&pageSize&status&categoryId */
export function getArticles(client: AdminApiClient, q: ListQuery, signal?: AbortSignal): Promise<ArticlePage> {
  return adminRequest<ArticlePage>(
    client,
    `/api/admin/articles?${toApiSearch(q)}`,
    { failed: 'Failed to load articles', error: 'Error loading articles' },
    { signal },
  );
}

export function articlesQueryOptions(client: AdminApiClient, q: ListQuery) {
  return queryOptions({
    queryKey: adminKeys.articleList(q),
    queryFn: ({ signal }) => getArticles(client, q, signal),
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}

export function useArticles(q: ListQuery) {
  return useQuery(articlesQueryOptions(useAdminApi(), q));
}
