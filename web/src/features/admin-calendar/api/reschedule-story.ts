import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminArticle } from '@common/admin-contract';
import {
  adminKeys,
  adminRequest,
  AdminApiError,
  trashedArticleOf,
  useAdminApi,
  type AdminApiClient,
} from '@/lib/admin-api-client';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import type { CalendarStory } from './get-calendar.ts';
import { getArticleSchedule } from './get-article-schedule.ts';
import type { DraftStory } from './get-drafts.ts';

/** What the calendar schedules: a story of the month (moved), or a draft of the Drafts panel (given a time). */
export type Schedulable = CalendarStory | DraftStory;

export interface Reschedule {
  /** The story as the calendar shows it (its `at` is the time the editor saw), or the draft as the panel lists it. */
  story: Schedulable;
  /** The new time, UTC ISO 8601. */
  publishAt: string;
}

const MESSAGES = { failed: 'Failed to reschedule the story', error: 'Error rescheduling the story' };

/** The calendar's own refusals, read as the server's (a 409 problem with its text). */
const refused = (detail: string) => new AdminApiError(MESSAGES.failed, `409 Conflict: ${detail}`, 409, { detail });

/** The texts of the refusals found before the schedule request (docs/product.md, Calendar). */
export const RESCHEDULE_REFUSALS = {
  inTrash: 'The article is in the trash: restore it first.',
  published: 'The article is already published.',
  notScheduled: 'The article is not scheduled any more.',
  /** A draft of the panel that someone scheduled since the panel loaded. */
  scheduled: 'The article was scheduled meanwhile: the calendar now shows its time.',
  moved: 'The article was rescheduled meanwhile: the calendar now shows its time.',
  /** The server's 412: the article changed between the read and the schedule request. */
  changed: 'The article was changed meanwhile: the calendar now shows it as it is.',
} as const;

/**
 * Moves a scheduled story to `publishAt` (decision 055). The schedule request would schedule a draft as
 * readily as move a scheduled article, so the article is read first (as its screen reads it): one taken off
 * its schedule, published, moved to the Trash or rescheduled since the calendar loaded is refused with the
 * reason, not scheduled again. A draft of the Drafts panel is read the same way and must still be a draft
 * (not published, not scheduled meanwhile): the same path gives it its first time. Then POST /api/admin/articles/{id}/schedule `{publishAt}` with If-Match the
 * version read, so a change between the read and the write is refused too (412: `changed`); its other
 * refusals (400 for a time past, 409 published or in the Trash) come back as they are.
 */
export async function rescheduleStory(client: AdminApiClient, { story, publishAt }: Reschedule): Promise<AdminArticle> {
  let now;
  try {
    now = await getArticleSchedule(client, story.id);
  } catch (err) {
    if (trashedArticleOf(err)) {
      throw refused(RESCHEDULE_REFUSALS.inTrash);
    }
    throw err;
  }
  if (now.publishedAt) throw refused(RESCHEDULE_REFUSALS.published);
  if (story.state === 'draft') {
    if (now.publishAt) throw refused(RESCHEDULE_REFUSALS.scheduled);
  } else {
    if (!now.publishAt) throw refused(RESCHEDULE_REFUSALS.notScheduled);
    if (Date.parse(now.publishAt) !== Date.parse(story.at)) throw refused(RESCHEDULE_REFUSALS.moved);
  }
  try {
    return await adminRequest<AdminArticle>(client, `/api/admin/articles/${story.id}/schedule`, MESSAGES, {
      method: 'POST',
      body: { publishAt },
      headers: { 'If-Match': `"${now.version}"` },
    });
  } catch (err) {
    if (err instanceof AdminApiError && err.status === 412) throw refused(RESCHEDULE_REFUSALS.changed);
    throw err;
  }
}

/**
 * After a reschedule, refused or not: the calendar loads its range again (so it shows the truth), and the
 * other admin views are marked stale, so they load fresh when next shown.
 */
export async function reloadCalendar(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({
    queryKey: adminKeys.all,
    refetchType: 'none',
    predicate: (q) => q.queryKey[1] !== 'categories',
  });
  await queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'calendar'], refetchType: 'active' });
}

/** Reschedule a story, or schedule a draft; one request at a time (a double click or a second drop meanwhile is ignored). */
export function useRescheduleStory() {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const mutation = useMutation<AdminArticle, Error, Reschedule>({
    mutationFn: (vars) => rescheduleStory(client, vars),
    onSettled: () => reloadCalendar(queryClient),
  });
  return useOneAtATime(mutation);
}
