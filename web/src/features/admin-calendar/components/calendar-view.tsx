import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { AdminSpinner } from '@/components/admin/admin-spinner';
import { paths } from '@/config/paths';
import { AdminQueryError } from '@/lib/admin-error-context';
import { useCalendar, type CalendarStory } from '../api/get-calendar.ts';
import { addMonths, dayKey, monthGrid, monthOf, monthParam, monthTitle, parseMonth } from '../lib/month.ts';
import { CalendarGrid } from './calendar-grid.tsx';
import { CalendarList } from './calendar-list.tsx';
import './calendar-view.css';

interface Props {
  /** `?month=` ('YYYY-MM'); missing or malformed: the current month. */
  month: string | null;
  /** The current time (tests fix it). */
  now?: Date;
}

/**
 * The Calendar (docs/product.md, Calendar; decision 054): the month's scheduled and published stories
 * by day in the editor's time zone, as a grid on a wide screen and a list of the days with stories on
 * a phone. Read-only: a story leads to its article's screen.
 */
export function CalendarView({ month: param, now: fixedNow }: Props) {
  const id = useId();
  const now = useMemo(() => fixedNow ?? new Date(), [fixedNow]);
  const month = parseMonth(param, now);
  const title = monthTitle(month);
  const { year, month: monthNumber } = month;
  const { weeks, from, to } = useMemo(() => monthGrid({ year, month: monthNumber }), [year, monthNumber]);
  const calendar = useCalendar({ from, to });
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarStory[]>();
    for (const story of calendar.data?.articles ?? []) {
      const key = dayKey(new Date(story.at));
      map.set(key, [...(map.get(key) ?? []), story]);
    }
    return map;
  }, [calendar.data]);
  const today = dayKey(now);
  const daysWithStories = weeks.flat().filter((d) => d.getMonth() === month.month - 1 && byDay.has(dayKey(d)));

  return (
    <section className="admin-section admin-calendar" aria-labelledby={`${id}-title`} aria-busy={calendar.isFetching}>
      <div className="admin-section__head">
        <h1 id={`${id}-title`}>Calendar</h1>
      </div>
      <div className="admin-calendar__bar">
        <h2 className="admin-calendar__month">{title}</h2>
        <nav className="admin-calendar__nav" aria-label="Months">
          <Link
            className="admin-btn admin-btn--small"
            to={paths.admin.calendar.getHref(monthParam(addMonths(month, -1)))}
          >
            Previous month
          </Link>
          <Link className="admin-btn admin-btn--small" to={paths.admin.calendar.getHref(monthParam(monthOf(now)))}>
            Today
          </Link>
          <Link
            className="admin-btn admin-btn--small"
            to={paths.admin.calendar.getHref(monthParam(addMonths(month, 1)))}
          >
            Next month
          </Link>
        </nav>
      </div>
      {calendar.isError ? (
        <AdminQueryError error={calendar.error} onRetry={() => void calendar.refetch()} />
      ) : !calendar.data ? (
        <AdminSpinner label="Loading the calendar…" />
      ) : (
        <>
          {daysWithStories.length === 0 ? (
            <p className="admin-empty">Nothing published or scheduled in {title}.</p>
          ) : null}
          <div className="admin-calendar__wide">
            <CalendarGrid title={title} weeks={weeks} monthIndex={month.month - 1} byDay={byDay} today={today} />
          </div>
          {daysWithStories.length > 0 ? (
            <div className="admin-calendar__narrow">
              <CalendarList days={daysWithStories} byDay={byDay} today={today} />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
