import { adminRequest } from '@/lib/admin-api-client';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';

/** POST /api/admin/articles/{id}/restore: back from the trash. */
export function useRestoreArticle() {
  return useArticleMutation<number, AdminArticle>({
    request: (client, id) =>
      adminRequest<AdminArticle>(
        client,
        `/api/admin/articles/${id}/restore`,
        { failed: 'Failed to restore article', error: 'Error restoring article' },
        { method: 'POST' },
      ),
    successTitle: 'Article restored',
  });
}
