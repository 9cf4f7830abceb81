import { adminRequest, AdminApiError, isInTrash } from '@/lib/admin-api-client';
import type { ArticlePayload } from '../lib/article-fields.ts';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';
import { isFieldProblem } from './create-article.ts';

export interface UpdateArticleVars {
  id: number;
  /** The version the edit is based on, sent as If-Match: "<version>". */
  version?: number;
  body: ArticlePayload;
  /** A minor edit (a typo fix): readers are not told the published story was updated. */
  minorEdit?: boolean;
}

/** Someone saved the article since this edit started: 409 or 412 with who and when. */
export interface ConflictFacts {
  changedBy?: string;
  changedAt?: string;
  currentVersion?: number;
}

export function conflictOf(err: unknown): ConflictFacts | undefined {
  if (!(err instanceof AdminApiError) || (err.status !== 409 && err.status !== 412)) return undefined;
  if (isInTrash(err)) return undefined;
  const p = err.problem ?? {};
  return {
    changedBy: typeof p.changedBy === 'string' ? p.changedBy : undefined,
    changedAt: typeof p.changedAt === 'string' ? p.changedAt : undefined,
    currentVersion: typeof p.currentVersion === 'number' ? p.currentVersion : undefined,
  };
}

/** PUT /api/admin/articles/{id} with If-Match: the edit of every field. */
export function useUpdateArticle(opts: { onSaved?: (article: AdminArticle) => void } = {}) {
  return useArticleMutation<UpdateArticleVars, AdminArticle>({
    request: (client, { id, version, body, minorEdit }) =>
      adminRequest<AdminArticle>(
        client,
        `/api/admin/articles/${id}`,
        { failed: 'Failed to save article', error: 'Error saving article' },
        {
          method: 'PUT',
          body: minorEdit ? { ...body, minorEdit: true } : body,
          headers: version === undefined ? undefined : { 'If-Match': `"${version}"` },
        },
      ),
    successTitle: 'Article saved',
    quiet: (err) => isFieldProblem(err) || conflictOf(err) !== undefined,
    after: (_vars, saved) => opts.onSaved?.(saved),
  });
}
