import { adminRequest } from '@/lib/admin-api-client';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';

/** POST /api/admin/articles/{id}/revisions/{rid}/restore: a new revision with the old fields. */
export function useRestoreRevision() {
  return useArticleMutation<{ id: number; rid: number }, AdminArticle>({
    request: (client, { id, rid }) =>
      adminRequest<AdminArticle>(
        client,
        `/api/admin/articles/${id}/revisions/${rid}/restore`,
        { failed: 'Failed to restore revision', error: 'Error restoring revision' },
        { method: 'POST' },
      ),
    successTitle: 'Revision restored',
  });
}
