import { adminRequest } from '@/lib/admin-api-client';
import type { AdminArticle } from '../types.ts';
import { useArticleMutation } from './article-mutation.ts';

/** POST /api/admin/articles/{id}/schedule with { publishAt } (UTC ISO 8601). */
export function useScheduleArticle() {
  return useArticleMutation<{ id: number; publishAt: string }, AdminArticle>({
    request: (client, { id, publishAt }) =>
      adminRequest<AdminArticle>(
        client,
        `/api/admin/articles/${id}/schedule`,
        { failed: 'Failed to schedule article', error: 'Error scheduling article' },
        { method: 'POST', body: { publishAt } },
      ),
    successTitle: 'Article scheduled',
  });
}

/** DELETE /api/admin/articles/{id}/schedule: back to a draft. */
export function useUnscheduleArticle() {
  return useArticleMutation<number, AdminArticle>({
    request: (client, id) =>
      adminRequest<AdminArticle>(
        client,
        `/api/admin/articles/${id}/schedule`,
        { failed: 'Failed to cancel the schedule', error: 'Error cancelling the schedule' },
        { method: 'DELETE' },
      ),
    successTitle: 'Schedule cancelled',
  });
}
