import { useQueryClient } from '@tanstack/react-query';
import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { LiveArticle } from '../types.ts';
import { livePath } from './live-keys.ts';
import { useLiveMutation } from './live-mutation.ts';
import { storeArticle } from './start-coverage.ts';

/** POST /api/admin/articles/{id}/live/end: coverage ends (readers see "Coverage ended"). */
export function endCoverage(client: AdminApiClient, articleId: number): Promise<LiveArticle> {
  return adminRequest<LiveArticle>(
    client,
    `${livePath(articleId)}/end`,
    { failed: 'Failed to end live coverage', error: 'Error ending live coverage' },
    { method: 'POST' },
  );
}

export function useEndCoverage() {
  const queryClient = useQueryClient();
  return useLiveMutation<number, LiveArticle>({
    request: endCoverage,
    successTitle: 'Live coverage ended',
    after: (_id, article) => storeArticle(queryClient, article),
  });
}
