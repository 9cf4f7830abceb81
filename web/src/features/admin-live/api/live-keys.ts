import { adminKeys } from '@/lib/admin-api-client';

/** Query keys of live coverage: under the article's detail key, so the article's reloads include them. */
export const liveKeys = {
  entries: (articleId: number) => [...adminKeys.articleDetail(articleId), 'live', 'entries'] as const,
  revisions: (articleId: number, entryId: number) =>
    [...adminKeys.articleDetail(articleId), 'live', 'entries', entryId, 'revisions'] as const,
  /** The Social page defaults and which accounts are connected (shared with the sharing screens). */
};

export const livePath = (articleId: number) => `/api/admin/articles/${articleId}/live`;
