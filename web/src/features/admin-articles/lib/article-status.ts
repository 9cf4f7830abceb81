import type { AdminArticle, ArticleStatus } from '../types.ts';

/** An article is published when publishedAt is a real date after the epoch. */
export function isPublished(publishedAt: string | null | undefined): boolean {
  if (!publishedAt) return false;
  const t = Date.parse(publishedAt);
  return Number.isFinite(t) && t > 0;
}

/** Published or Draft from publishedAt; Scheduled when the server says the article waits for its time. */
export function statusLabel(
  publishedAt: string | null | undefined,
  status?: ArticleStatus,
): 'Published' | 'Draft' | 'Scheduled' {
  if (isPublished(publishedAt)) return 'Published';
  return status === 'scheduled' ? 'Scheduled' : 'Draft';
}

/**
 * Whether the edit form saves the article by itself as the editor types: a draft only, not published,
 * not scheduled, not in the Trash (the server refuses an autosave of a published or scheduled article).
 */
export function savesItself(
  article: Pick<AdminArticle, 'status' | 'publishedAt' | 'publishAt' | 'deletedAt'> | undefined,
): boolean {
  return Boolean(
    article && article.status === 'draft' && !article.publishedAt && !article.publishAt && !article.deletedAt,
  );
}
