import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';

/**
 * POST /api/admin/articles/{id}/duplicate: a new draft with the article's text, picture, byline,
 * tags and settings, its headline ending ' (copy)'. Answers the copy.
 */
export function duplicateArticle(client: AdminApiClient, id: number): Promise<AdminArticle> {
  return adminRequest<AdminArticle>(
    client,
    `/api/admin/articles/${id}/duplicate`,
    { failed: 'Failed to duplicate article', error: 'Error duplicating article' },
    { method: 'POST' },
  );
}

/** The single Duplicate: `onDuplicated` gets the copy (the screen opens it). */
export function useDuplicateArticle(opts: { onDuplicated?: (copy: AdminArticle) => void } = {}) {
  return useArticleMutation<number, AdminArticle>({
    request: duplicateArticle,
    successTitle: 'Duplicated as a new draft',
    after: (_id, copy) => opts.onDuplicated?.(copy),
  });
}
