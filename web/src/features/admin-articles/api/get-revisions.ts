import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { adminQueryDefaults } from './admin-query-defaults.ts';

/** One saved state of an article: who saved it, when, and which fields changed. */
export interface Revision {
  id: number;
  articleId?: number;
  editor?: string;
  editorName?: string;
  createdAt: string;
  changedFields?: string[];
  /** The article's fields as saved (present when one revision is fetched). */
  snapshot?: Record<string, unknown>;
  [more: string]: unknown;
}

function toList(data: unknown): Revision[] {
  if (Array.isArray(data)) return data as Revision[];
  const o = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  for (const key of ['revisions', 'items']) if (Array.isArray(o[key])) return o[key] as Revision[];
  return [];
}

/** GET /api/admin/articles/{id}/revisions (newest first). */
export function getRevisions(client: AdminApiClient, id: number, signal?: AbortSignal): Promise<Revision[]> {
  return adminRequest<unknown>(
    client,
    `/api/admin/articles/${id}/revisions`,
    { failed: 'Failed to load history', error: 'Error loading history' },
    { signal },
  ).then(toList);
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
