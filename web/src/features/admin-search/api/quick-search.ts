import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminArticle, ArticlePageOf, NamedRef } from '@common/admin-contract';
import { AUTHOR_NAME_MAX_LENGTH } from '@common/byline';
import { firstCharacters } from '@common/text-length';
import { adminRequest, shouldRetryAdminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';

/** How many of each kind the quick search shows. */
export const MAX_ARTICLES = 8;
export const MAX_NAMES = 5;
/** The longest headline search the articles list takes. */
const MAX_HEADLINE_SEARCH = 200;

/** An article the quick search found: what its row shows. */
export type FoundArticle = Pick<
  AdminArticle,
  'id' | 'headline' | 'category' | 'publishedAt' | 'createdAt' | 'status' | 'deletedAt'
>;

/** A search is asked again once at most: an editor waiting for results would rather read the error. */
const searchQueryDefaults = {
  ...adminQueryDefaults,
  retry: (failures: number, error: unknown) => failures < 1 && shouldRetryAdminRequest(failures, error),
};

/** The date All Articles orders by: publication, else creation. */
const shownDate = (a: FoundArticle) => a.publishedAt ?? a.createdAt;

function listPage(client: AdminApiClient, status: 'all' | 'trash', search: string, signal: AbortSignal) {
  const query = new URLSearchParams({ page: '1', pageSize: '10', status, search });
  return adminRequest<ArticlePageOf<FoundArticle>>(
    client,
    `/api/admin/articles?${query.toString()}`,
    { failed: 'Failed to search articles', error: 'Error searching articles' },
    { signal },
  );
}

/**
 * The articles whose headline contains `text` (case-insensitive), in the Trash too: All Articles'
 * search (GET /api/admin/articles?search=), once for the list and once for the Trash, newest first.
 * The text is in the key, so a newer text leaves the older request (TanStack Query cancels it); the
 * last results stay while the next ones load.
 */
export function useArticleSearch(text: string) {
  const client = useAdminApi();
  const search = text.slice(0, MAX_HEADLINE_SEARCH);
  return useQuery<FoundArticle[]>({
    queryKey: ['admin', 'quick-search', 'articles', search],
    queryFn: async ({ signal }) => {
      const [listed, trashed] = await Promise.all([
        listPage(client, 'all', search, signal),
        listPage(client, 'trash', search, signal),
      ]);
      return [...listed.articles, ...trashed.articles]
        .sort((a, b) => shownDate(b).localeCompare(shownDate(a)) || b.id - a.id)
        .slice(0, MAX_ARTICLES);
    },
    ...searchQueryDefaults,
    enabled: search !== '',
    placeholderData: keepPreviousData,
  });
}

/** The authors or tags whose name contains `text`: the name lookups of the filter bar (GET /api/admin/{kind}?q=). */
export function useNameSearch(kind: 'authors' | 'tags', text: string) {
  const client = useAdminApi();
  // The API takes a filter as long as the longest name, in characters.
  const q = firstCharacters(text, AUTHOR_NAME_MAX_LENGTH);
  return useQuery<NamedRef[]>({
    queryKey: ['admin', 'quick-search', kind, q],
    queryFn: ({ signal }) =>
      adminRequest<{ items: NamedRef[] }>(
        client,
        `/api/admin/${kind}?${new URLSearchParams({ q, limit: String(MAX_NAMES) }).toString()}`,
        { failed: `Failed to search ${kind}`, error: `Error searching ${kind}` },
        { signal },
      ).then((r) => r.items),
    ...searchQueryDefaults,
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}
