import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_MOST_READ_API_PATH, type AdminMostReadStory } from '@common/most-read-contract';
import {
  adminKeys,
  adminRequest,
  AUTH_REQUIRED,
  shouldRetryAdminRequest,
  useAdminApi,
  type AdminApiClient,
} from '@/lib/admin-api-client';

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
  return queryOptions({
    // Under the dashboard's key: whatever refreshes the dashboard refreshes this too.
    queryKey: [...adminKeys.dashboard(), 'most-read'] as const,
    queryFn: ({ signal }) => getMostRead(client, signal),
    staleTime: 30_000,
    retry: shouldRetryAdminRequest,
  });
}

export function useMostRead() {
  return useQuery(mostReadQueryOptions(useAdminApi()));
}
