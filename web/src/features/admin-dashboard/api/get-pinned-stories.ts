import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PINS_API_PATH, type PinnedStory } from '@common/admin-contract';
import {
  adminKeys,
  adminRequest,
  AUTH_REQUIRED,
  shouldRetryAdminRequest,
  useAdminApi,
  type AdminApiClient,
} from '@/lib/admin-api-client';

export interface PinnedStories {
  pinned: PinnedStory[];
  /** How many may be pinned at once. */
  max: number;
}

/** GET /api/admin/pins: the stories pinned to the top now, newest pin first (decision 064). */
export function getPinnedStories(client: AdminApiClient, signal?: AbortSignal): Promise<PinnedStories> {
  return adminRequest<PinnedStories>(
    client,
    ADMIN_PINS_API_PATH,
    {
      failed: 'Failed to load the pinned stories',
      error: 'Error loading the pinned stories',
      unauthorized: AUTH_REQUIRED,
    },
    { signal },
  );
}

export function pinnedStoriesQueryOptions(client: AdminApiClient) {
  return queryOptions({
    // Under the dashboard's key: a pin or an unpin anywhere refreshes it with the dashboard.
    queryKey: [...adminKeys.dashboard(), 'pins'] as const,
    queryFn: ({ signal }) => getPinnedStories(client, signal),
    staleTime: 30_000,
    retry: shouldRetryAdminRequest,
  });
}

export function usePinnedStories() {
  return useQuery(pinnedStoriesQueryOptions(useAdminApi()));
}
