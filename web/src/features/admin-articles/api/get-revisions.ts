import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleRevisionSummary, RevisionList } from '@common/admin-contract';
import { adminKeys, adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';

export type { ArticleRevisionSummary };

/** GET /api/admin/articles/{id}/revisions: who saved what and when, newest first. */
export function getRevisions(
  client: AdminApiClient,
  id: number,
  signal?: AbortSignal,
): Promise<ArticleRevisionSummary[]> {
  return adminRequest<RevisionList>(
    client,
    `/api/admin/articles/${id}/revisions`,
    { failed: 'Failed to load history', error: 'Error loading history' },
    { signal },
  ).then((r) => r?.revisions ?? []);
}

export function revisionsQueryOptions(client: AdminApiClient, id: number) {
  return queryOptions({
    queryKey: adminKeys.revisions(id),
    queryFn: ({ signal }) => getRevisions(client, id, signal),
    ...adminQueryDefaults,
  });
}

export function useRevisions(id: number, enabled: boolean) {
  return useQuery({ ...revisionsQueryOptions(useAdminApi(), id), enabled });
}
