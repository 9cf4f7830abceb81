/**
 * The editorial calendar's contract (decision 054): GET /api/admin/calendar?from=&to= answers the
 * stories scheduled or published in [from, to), ordered by their time.
 */

/** A story on the calendar: scheduled for `at`, or published at `at` (UTC, ISO-8601). */
export interface CalendarStory {
  id: number;
  headline: string;
  categoryId: number;
  state: 'scheduled' | 'published';
  at: string;
}

/** The widest range asked for: six weeks, the most a month grid shows. */
export const CALENDAR_MAX_DAYS = 42;
