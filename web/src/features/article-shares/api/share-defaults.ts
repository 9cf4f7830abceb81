import { useQuery } from '@tanstack/react-query';
import { adminRequest, useAdminApi } from '@/lib/admin-api-client';
import type { ShareDefaults } from '../../../../../common/admin-contract.ts';

export const shareDefaultsKey = ['admin', 'share-defaults'] as const;

/** GET /api/admin/social/share-defaults: the Social page defaults and which accounts are connected. */
export function useShareDefaults(enabled = true) {
  const client = useAdminApi();
  return useQuery({
    enabled,
    queryKey: shareDefaultsKey,
    queryFn: ({ signal }) =>
      adminRequest<ShareDefaults>(
        client,
        '/api/admin/social/share-defaults',
        { failed: 'Failed to load the sharing defaults', error: 'Error loading the sharing defaults' },
        { signal },
      ),
  });
}
