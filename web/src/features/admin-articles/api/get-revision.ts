import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';
import type { ArticleRevision } from '@common/admin-contract';

/** GET /api/admin/articles/{id}/revisions/{rid}: one revision with the article as it was saved. */
export function getRevision(client: AdminApiClient, id: number, rid: number, signal?: AbortSignal) {
  return adminRequest<ArticleRevision>(
    client,
    `/api/admin/articles/${id}/revisions/${rid}`,
    { failed: 'Failed to load revision', error: 'Error loading revision' },
    { signal },
  );
}

export function revisionQueryOptions(client: AdminApiClient, id: number, rid: number) {
  return queryOptions({
    queryKey: [...adminKeys.revisions(id), rid],
    queryFn: ({ signal }) => getRevision(client, id, rid, signal),
    ...adminQueryDefaults,
  });
}

export function useRevision(id: number, rid: number | undefined) {
  return useQuery({ ...revisionQueryOptions(useAdminApi(), id, rid ?? 0), enabled: rid !== undefined });
}
