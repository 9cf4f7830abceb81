import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';

/** POST /api/admin/articles/{id}/publish (no body). */
export function publishArticle(client: AdminApiClient, id: number): Promise<AdminArticle> {
  return adminRequest<AdminArticle>(
    client,
    `/api/admin/articles/${id}/publish`,
    { failed: 'Failed to publish article', error: 'Error publishing article' },
    { method: 'POST' },
  );
}

export function usePublishArticle() {
  return useArticleMutation<number, AdminArticle>({ request: publishArticle, successTitle: 'Article published' });
}
