import { adminRequest } from '@/lib/admin-api-client';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';
import { conflictOf } from './update-article.ts';

export interface RestoreRevisionVars {
  id: number;
  rid: number;
  /** The article version the screen showed, sent as If-Match: "<version>" (412 if someone saved since). */
  version: number;
}

/** POST /api/admin/articles/{id}/revisions/{rid}/restore: a new revision with the old fields. */
export function useRestoreRevision() {
  return useArticleMutation<RestoreRevisionVars, AdminArticle>({
    request: (client, { id, rid, version }) =>
      adminRequest<AdminArticle>(
        client,
        `/api/admin/articles/${id}/revisions/${rid}/restore`,
        { failed: 'Failed to restore revision', error: 'Error restoring revision' },
        { method: 'POST', headers: { 'If-Match': `"${version}"` } },
      ),
    successTitle: 'Revision restored',
    // A stale version shows the conflict panel in the history, not a toast.
    quiet: (err) => conflictOf(err) !== undefined,
  });
}
