import type { ArticleStatus } from '../types.ts';

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
