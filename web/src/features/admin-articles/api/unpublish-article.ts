import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';

/** POST /api/admin/articles/{id}/unpublish (no body). */
export function unpublishArticle(client: AdminApiClient, id: number): Promise<AdminArticle> {
  return adminRequest<AdminArticle>(
    client,
    `/api/admin/articles/${id}/unpublish`,
    { failed: 'Failed to unpublish article', error: 'Error unpublishing article' },
    { method: 'POST' },
  );
}

export function useUnpublishArticle() {
  return useArticleMutation<number, AdminArticle>({ request: unpublishArticle, successTitle: 'Article unpublished' });
}
