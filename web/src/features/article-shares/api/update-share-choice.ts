import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { ArticleShareChoice, ArticleShares } from '../../../../../common/admin-contract.ts';

/** PUT /api/admin/articles/{id}/shares/choice (only the fields given change). */
export function updateShareChoice(client: AdminApiClient, articleId: number, choice: Partial<ArticleShareChoice>) {
  return adminRequest<ArticleShares>(
    client,
    `/api/admin/articles/${articleId}/shares/choice`,
    { failed: 'Failed to save the share choice', error: 'Error saving the share choice' },
    { method: 'PUT', body: choice },
  );
}
