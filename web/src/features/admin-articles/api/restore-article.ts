import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';

/** POST /api/admin/articles/{id}/restore: back from the trash. */
export function restoreArticle(client: AdminApiClient, id: number): Promise<AdminArticle> {
  return adminRequest<AdminArticle>(
    client,
    `/api/admin/articles/${id}/restore`,
    { failed: 'Failed to restore article', error: 'Error restoring article' },
    { method: 'POST' },
  );
}

export function useRestoreArticle() {
  return useArticleMutation<number, AdminArticle>({ request: restoreArticle, successTitle: 'Article restored' });
}
