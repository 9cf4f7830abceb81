import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';

/** PUT /api/admin/articles/{id}/category with {categoryId} (audited 'Category changed'). */
export function updateArticleCategory(client: AdminApiClient, id: number, categoryId: number): Promise<AdminArticle> {
  return adminRequest<AdminArticle>(
    client,
    `/api/admin/articles/${id}/category`,
    { failed: 'Failed to update article category', error: 'Error updating article category' },
    { method: 'PUT', body: { categoryId } },
  );
}

/** The article screen's category editor: the change, its toast and the reload. */
export function useUpdateArticleCategory() {
  return useArticleMutation<{ id: number; categoryId: number }, AdminArticle>({
    request: (client, { id, categoryId }) => updateArticleCategory(client, id, categoryId),
    successTitle: 'Category updated',
  });
}
