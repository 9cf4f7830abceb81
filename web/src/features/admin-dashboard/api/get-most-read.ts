import { useQuery } from '@tanstack/react-query';
import { ADMIN_MOST_READ_API_PATH, type AdminMostReadStory } from '@common/most-read-contract';
import { adminRequest, AUTH_REQUIRED, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { dashboardPartQuery } from './dashboard-part.ts';

/** GET /api/admin/most-read: the stories most read in the last 24 hours, with their counts. */
export async function getMostRead(client: AdminApiClient, signal?: AbortSignal): Promise<AdminMostReadStory[]> {
  const { articles } = await adminRequest<{ articles: AdminMostReadStory[] }>(
    client,
    ADMIN_MOST_READ_API_PATH,
    {
      failed: 'Failed to load the most read stories',
      error: 'Error loading the most read stories',
      unauthorized: AUTH_REQUIRED,
    },
    { signal },
  );
  return articles;
}

export function mostReadQueryOptions(client: AdminApiClient) {
  return dashboardPartQuery(client, 'most-read', getMostRead);
}

export function useMostRead() {
  return useQuery(mostReadQueryOptions(useAdminApi()));
}
