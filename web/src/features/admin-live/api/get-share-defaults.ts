import { useQuery } from '@tanstack/react-query';
import type { ShareDefaults } from '@common/admin-contract';
import { adminRequest, useAdminApi } from '@/lib/admin-api-client';
import { liveKeys } from './live-keys.ts';

/** GET /api/admin/social/share-defaults: which accounts are connected (a key event can be posted there). */
export function useShareDefaults() {
  const client = useAdminApi();
  return useQuery({
    queryKey: liveKeys.shareDefaults(),
    queryFn: ({ signal }) =>
      adminRequest<ShareDefaults>(
        client,
        '/api/admin/social/share-defaults',
        { failed: 'Failed to load the sharing defaults', error: 'Error loading the sharing defaults' },
        { signal },
      ),
  });
}
