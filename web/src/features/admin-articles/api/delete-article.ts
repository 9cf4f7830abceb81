import { useQueryClient } from '@tanstack/react-query';
import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import { useArticleMutation } from './article-mutation.ts';
import { useRestoreArticle } from './restore-article.ts';
import { leaveArticle } from './use-reload-after-mutation.ts';

/** DELETE /api/admin/articles/{id}: to the Trash (204). */
export function deleteArticle(client: AdminApiClient, id: number): Promise<void> {
  return adminRequest<void>(
    client,
    `/api/admin/articles/${id}`,
    { failed: 'Failed to delete article', error: 'Error deleting article' },
    { method: 'DELETE' },
  );
}

/**
 * The article goes to the Trash, and the toast offers Undo. From the detail screen the selection clears and the screen
 * navigates back (`leave`); the other views are marked stale so they reload when shown.
 * From the list or the dashboard the reload rule applies.
 */
export function useDeleteArticle(opts: { leave?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { leave } = opts;
  const restore = useRestoreArticle();
  return useArticleMutation<number, void>({
    request: deleteArticle,
    successTitle: 'Article moved to the Trash',
    // The toast offers to take it straight back out.
    successAction: (id) => ({ label: 'Undo', onClick: () => restore.mutate(id) }),
    reload: () => !leave,
    after: (id) => (leave ? leaveArticle(queryClient, id, leave) : undefined),
  });
}
