import { useQuery } from '@tanstack/react-query';
import { ADMIN_PINS_API_PATH, type PinnedStory } from '@common/admin-contract';
import { adminRequest, AUTH_REQUIRED, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { dashboardPartQuery } from './dashboard-part.ts';

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
  return dashboardPartQuery(client, 'pins', getPinnedStories);
}

export function usePinnedStories() {
  return useQuery(pinnedStoriesQueryOptions(useAdminApi()));
}
