import { adminRequest } from '@/lib/admin-api-client';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';

/** PUT /api/admin/articles/{id}/category with {categoryId}. */
export function useUpdateArticleCategory() {
  return useArticleMutation<{ id: number; categoryId: number }, AdminArticle>({
    request: (client, { id, categoryId }) =>
      adminRequest<AdminArticle>(
        client,
        `/api/admin/articles/${id}/category`,
        { failed: 'Failed to update article category', error: 'Error updating article category' },
        { method: 'PUT', body: { categoryId } },
      ),
    successTitle: 'Category updated',
  });
}
