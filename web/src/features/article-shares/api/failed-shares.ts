import { useQuery } from '@tanstack/react-query';
import { adminRequest, useAdminApi } from '@/lib/admin-api-client';
import { failedSharesKey } from '@/lib/share-posts';
import type { FailedShare } from '../../../../../common/admin-contract.ts';

/** GET /api/admin/shares/failed: failed and unconfirmed posts of the last `days` days. */
export function useFailedShares(days = 7) {
  const client = useAdminApi();
  return useQuery({
    queryKey: [...failedSharesKey, days] as const,
    queryFn: ({ signal }) =>
      adminRequest<{ failed: FailedShare[] }>(
        client,
        `/api/admin/shares/failed?days=${days}`,
        { failed: 'Failed to load the failed posts', error: 'Error loading the failed posts' },
        { signal },
      ),
  });
}
