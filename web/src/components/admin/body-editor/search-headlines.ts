import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';

/** What a link to a story needs of it (GET /api/admin/articles lists more). */
export interface HeadlineHit {
  id: number;
  headline: string;
  slug: string;
  publishedAt: string | null;
}

/** Articles whose headline contains the words (the list API's search), ten at most, for a link. */
export function headlineSearchOptions(client: AdminApiClient, words: string) {
  const q = { page: 1, pageSize: 10, status: 'all' as const, search: words.trim() };
  const search = new URLSearchParams({ page: '1', pageSize: '10', search: q.search });
  return queryOptions({
    queryKey: [...adminKeys.articleList(q), 'headlines'],
    queryFn: ({ signal }) =>
      adminRequest<{ articles: HeadlineHit[] }>(
        client,
        `/api/admin/articles?${search}`,
        { failed: 'Failed to load articles', error: 'Error loading articles' },
        { signal },
      ).then((p) => p.articles),
    ...adminQueryDefaults,
  });
}

export function useHeadlineSearch(words: string) {
  return useQuery({ ...headlineSearchOptions(useAdminApi(), words), enabled: words.trim().length >= 2 });
}
