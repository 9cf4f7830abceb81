import type { AdminArticle } from '@common/admin-contract';
import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';

/** What the calendar needs of an article before it moves it: is it still scheduled, and when. */
export type ArticleSchedule = Pick<AdminArticle, 'id' | 'status' | 'publishAt' | 'publishedAt' | 'version'>;

/**
 * GET /api/admin/articles/{id}, as the article's screen reads it: the article as the server holds it now
 * (an article in the trash: 404 with `deleted`). Read just before a reschedule (api/reschedule-story.ts).
 */
export function getArticleSchedule(client: AdminApiClient, id: number, signal?: AbortSignal): Promise<ArticleSchedule> {
  return adminRequest<ArticleSchedule>(
    client,
    `/api/admin/articles/${id}`,
    { failed: 'Failed to load article details', error: 'Error loading article details' },
    { signal },
  );
}
