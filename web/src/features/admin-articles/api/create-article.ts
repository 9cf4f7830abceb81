import { adminRequest, AdminApiError } from '@/lib/admin-api-client';
import type { ArticlePayload } from '../lib/article-fields.ts';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';

/** A failure the form shows next to its fields (400/422 with per-field errors). */
export function isFieldProblem(err: unknown): boolean {
  return (
    err instanceof AdminApiError && (err.status === 400 || err.status === 422) && Array.isArray(err.problem?.errors)
  );
}

/** POST /api/admin/articles: a new article (a draft). */
export function useCreateArticle(opts: { onCreated?: (article: AdminArticle) => void } = {}) {
  return useArticleMutation<ArticlePayload, AdminArticle>({
    request: (client, body) =>
      adminRequest<AdminArticle>(
        client,
        '/api/admin/articles',
        { failed: 'Failed to create article', error: 'Error creating article' },
        { method: 'POST', body },
      ),
    successTitle: 'Article created',
    quiet: isFieldProblem,
    after: (_vars, created) => opts.onCreated?.(created),
  });
}
