import { useQuery } from '@tanstack/react-query';
import type { ShareDefaults } from '@common/admin-contract';
import { adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';

/**
 * GET /api/admin/social/share-defaults: the Social page's defaults and which accounts are connected.
 * One cache entry for every screen that reads it (the Social page, the article's share choice, the
 * live console), so a change on one is seen on the others.
 */
export const shareDefaultsKey = ['admin', 'share-defaults'] as const;

export const getShareDefaults = (client: AdminApiClient, signal?: AbortSignal) =>
  adminRequest<ShareDefaults>(
    client,
    '/api/admin/social/share-defaults',
    { failed: 'Failed to load the sharing defaults', error: 'Error loading the sharing defaults' },
    { signal },
  );

export function useShareDefaults(enabled = true) {
  const client = useAdminApi();
  return useQuery({
    enabled,
    queryKey: shareDefaultsKey,
    queryFn: ({ signal }) => getShareDefaults(client, signal),
  });
}
