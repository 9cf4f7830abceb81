import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';

/**
 * PUT /api/admin/articles/{id}/pin (pinned: the story leads the home page and its section, after the
 * breaking stories) or DELETE (unpinned), no body (decision 064).
 */
export function pinArticle(client: AdminApiClient, id: number, pinned: boolean): Promise<AdminArticle> {
  return adminRequest<AdminArticle>(
    client,
    `/api/admin/articles/${id}/pin`,
    pinned
      ? { failed: 'Failed to pin the story', error: 'Error pinning the story' }
      : { failed: 'Failed to unpin the story', error: 'Error unpinning the story' },
    { method: pinned ? 'PUT' : 'DELETE' },
  );
}

/** The article screen's Pin to the top / Unpin: the change, its toast and the reload. */
export function usePinArticle() {
  return useArticleMutation<{ id: number; pinned: boolean }, AdminArticle>({
    request: (client, { id, pinned }) => pinArticle(client, id, pinned),
    successTitle: ({ pinned }) => (pinned ? 'Pinned to the top' : 'Unpinned'),
  });
}
