import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest, useAdminApi } from '@/lib/admin-api-client';
import type { ArticleShareChoice, ArticleShares } from '../../../../../common/admin-contract.ts';
import { sharesKey } from './get-article-shares.ts';

/** PUT /api/admin/articles/{id}/shares/choice */
export function useUpdateShareChoice(articleId: number) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: Partial<ArticleShareChoice>) =>
      adminRequest<ArticleShares>(
        client,
        `/api/admin/articles/${articleId}/shares/choice`,
        { failed: 'Failed to save the share choice', error: 'Error saving the share choice' },
        { method: 'PUT', body: choice },
      ),
    onSuccess: (data) => queryClient.setQueryData(sharesKey(articleId), data),
  });
}
