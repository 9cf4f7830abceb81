import { useQueryClient } from '@tanstack/react-query';
import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import { useArticleMutation } from './article-mutation.ts';
import { leaveArticle } from './use-reload-after-mutation.ts';

/** POST /api/admin/articles/{id}/purge: an article in the Trash deleted for good now, with its history (204). */
export function purgeArticle(client: AdminApiClient, id: number): Promise<void> {
  return adminRequest<void>(
    client,
    `/api/admin/articles/${id}/purge`,
    { failed: 'Failed to delete article for good', error: 'Error deleting article for good' },
    { method: 'POST' },
  );
}

/**
 * Delete for good: the toast says so (there is no Undo). From a Trash row the reload rule applies; from
 * the article's own screen ('This article was deleted') that screen is left (`leave`) and the other views
 * are marked stale, as Delete from the detail does.
 */
export function usePurgeArticle(opts: { leave?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { leave } = opts;
  return useArticleMutation<number, void>({
    request: purgeArticle,
    successTitle: 'Article deleted for good',
    reload: () => !leave,
    after: (id) => (leave ? leaveArticle(queryClient, id, leave) : undefined),
  });
}
