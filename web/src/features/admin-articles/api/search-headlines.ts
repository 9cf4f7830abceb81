import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { getArticles } from './get-articles.ts';
import { adminQueryDefaults } from './admin-query-defaults.ts';

/** Articles whose headline contains the words (the list API's search), ten at most, for a link. */
export function headlineSearchOptions(client: AdminApiClient, words: string) {
  const q = { page: 1, pageSize: 10, status: 'all' as const, search: words.trim() };
  return queryOptions({
    queryKey: adminKeys.articleList(q),
    queryFn: ({ signal }) => getArticles(client, q, signal).then((p) => p.articles),
    ...adminQueryDefaults,
  });
}

export function useHeadlineSearch(words: string) {
  return useQuery({ ...headlineSearchOptions(useAdminApi(), words), enabled: words.trim().length >= 2 });
}
