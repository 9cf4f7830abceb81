import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import { useArticleMutation } from './article-mutation.ts';

/** POST /api/admin/articles/{id}/purge: an article in the Trash deleted for good now, with its history (204). */
export function purgeArticle(client: AdminApiClient, id: number): Promise<void> {
  return adminRequest<void>(
    client,
    `/api/admin/articles/${id}/purge`,
    { failed: 'Failed to delete article for good', error: 'Error deleting article for good' },
    { method: 'POST' },
  );
}

/** Delete for good (a Trash row): the toast says so, and the reload rule applies. There is no Undo. */
export function usePurgeArticle() {
  return useArticleMutation<number, void>({ request: purgeArticle, successTitle: 'Article deleted for good' });
}
