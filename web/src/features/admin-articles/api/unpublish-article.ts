import { adminRequest } from '@/lib/admin-api-client';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';

/** POST /api/admin/articles/{id}/unpublish (no body). */
export function useUnpublishArticle() {
  return useArticleMutation<number, AdminArticle>({
    request: (client, id) =>
      adminRequest<AdminArticle>(
        client,
        `/api/admin/articles/${id}/unpublish`,
        { failed: 'Failed to unpublish article', error: 'Error unpublishing article' },
        { method: 'POST' },
      ),
    successTitle: 'Article unpublished',
  });
}
