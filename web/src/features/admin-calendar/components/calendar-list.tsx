import type { CalendarStory } from '../api/get-calendar.ts';
import { dayKey, longDay, shortDay } from '../lib/month.ts';
import { CalendarStoryItem, type StoryActions } from './calendar-story.tsx';

interface Props {
  /** The month's days that have stories, in order. */
  days: Date[];
  byDay: Map<string, CalendarStory[]>;
  today: string;
  /** Reschedule only: a phone's list is not dragged. */
  actions: StoryActions;
}

/** The month on a phone: only its days with stories, each under its date ('Tue 1 Dec'). */
export function CalendarList({ days, byDay, today, actions }: Props) {
  return (
    <ol className="admin-calendar__list" aria-label="Days with stories">
      {days.map((day) => {
        const key = dayKey(day);
        return (
          <li key={key} className="admin-calendar__list-day" aria-current={key === today ? 'date' : undefined}>
            <h3 className="admin-calendar__list-date">
              <time dateTime={key} title={longDay(day)}>
                {shortDay(day)}
              </time>
              {key === today ? <span className="admin-calendar__today">Today</span> : null}
            </h3>
            <ul className="admin-calendar__stories">
              {(byDay.get(key) ?? []).map((s) => (
                <CalendarStoryItem key={`${s.state}-${s.id}`} story={s} actions={actions} />
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
