import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';

/**
 * What the article screen asks: pin (until a time, or null: until an editor unpins it; `again`: the story
 * is pinned already and only its end changes) or unpin.
 */
export type PinChange =
  { id: number; pinned: true; until: string | null; again?: boolean } | { id: number; pinned: false };

/**
 * PUT /api/admin/articles/{id}/pin with `{ until }` (pinned: the story leads the home page and its
 * section, after the breaking stories, until then or until unpinned) or DELETE, no body (unpinned;
 * decision 064).
 */
export function pinArticle(client: AdminApiClient, change: PinChange): Promise<AdminArticle> {
  return adminRequest<AdminArticle>(
    client,
    `/api/admin/articles/${change.id}/pin`,
    change.pinned
      ? { failed: 'Failed to pin the story', error: 'Error pinning the story' }
      : { failed: 'Failed to unpin the story', error: 'Error unpinning the story' },
    change.pinned ? { method: 'PUT', body: { until: change.until } } : { method: 'DELETE' },
  );
}

/** The article screen's Pin to the top / Unpin / Change: the change, its toast and the reload. */
export function usePinArticle() {
  return useArticleMutation<PinChange, AdminArticle>({
    request: pinArticle,
    successTitle: (change) => (!change.pinned ? 'Unpinned' : change.again ? 'Pin changed' : 'Pinned to the top'),
  });
}
