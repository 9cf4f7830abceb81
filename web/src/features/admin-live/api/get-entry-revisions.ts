import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';
import type { LiveEntryRevision } from '../types.ts';
import { liveKeys, livePath } from './live-keys.ts';

/** GET /api/admin/articles/{id}/live/entries/{entryId}/revisions: newest first. */
export function getEntryRevisions(client: AdminApiClient, articleId: number, entryId: number, signal?: AbortSignal) {
  return adminRequest<{ revisions: LiveEntryRevision[] }>(
    client,
    `${livePath(articleId)}/entries/${entryId}/revisions`,
    { failed: 'Failed to load the entry history', error: 'Error loading the entry history' },
    { signal },
  ).then((r) => r.revisions);
}

export function entryRevisionsQueryOptions(client: AdminApiClient, articleId: number, entryId: number) {
  return queryOptions({
    queryKey: liveKeys.revisions(articleId, entryId),
    queryFn: ({ signal }) => getEntryRevisions(client, articleId, entryId, signal),
    ...adminQueryDefaults,
    staleTime: 0,
  });
}

export function useEntryRevisions(articleId: number, entryId: number, enabled = true) {
  return useQuery({ ...entryRevisionsQueryOptions(useAdminApi(), articleId, entryId), enabled });
}
