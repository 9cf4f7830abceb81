import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminArticleListItem, ArticlePageOf } from '@common/admin-contract';
import { adminRequest, shouldRetryAdminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';

/** A draft the calendar's Drafts panel lists: no time yet, so it is scheduled, not moved. */
export interface DraftStory {
  id: number;
  headline: string;
  categoryId: number;
  /** Its last change (ISO 8601 UTC): the panel's order, and what it shows ('Edited …'). */
  updatedAt: string;
  state: 'draft';
}

/** How many drafts the panel lists; 'See all unpublished' leads to the rest. */
export const DRAFTS_SHOWN = 10;

/**
 * GET /api/admin/articles?status=draft&sort=updated: All Articles' own request, its drafts (not scheduled,
 * not published, not in the Trash) by their last change, the latest first (the ones an editor just worked
 * on), the first ten.
 */
export async function getDrafts(client: AdminApiClient, signal?: AbortSignal): Promise<DraftStory[]> {
  const query = new URLSearchParams({ page: '1', pageSize: String(DRAFTS_SHOWN), status: 'draft', sort: 'updated' });
  const page = await adminRequest<ArticlePageOf<AdminArticleListItem>>(
    client,
    `/api/admin/articles?${query}`,
    { failed: 'Failed to load the drafts', error: 'Error loading the drafts' },
    { signal },
  );
  return page.articles.map((a) => ({
    id: a.id,
    headline: a.headline,
    categoryId: a.categoryId,
    updatedAt: a.updatedAt,
    state: 'draft' as const,
  }));
}

/** Under the calendar's key: a schedule, done or refused, loads the panel again with the month. */
export function draftsQueryOptions(client: AdminApiClient) {
  return queryOptions({
    queryKey: ['admin', 'calendar', 'drafts'] as const,
    queryFn: ({ signal }) => getDrafts(client, signal),
    staleTime: 10_000,
    retry: shouldRetryAdminRequest,
  });
}

export function useDrafts() {
  return useQuery(draftsQueryOptions(useAdminApi()));
}
