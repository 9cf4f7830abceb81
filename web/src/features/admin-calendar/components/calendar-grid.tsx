import type { CalendarStory } from '../api/get-calendar.ts';
import { dayKey, longDay, WEEKDAY_NAMES, WEEKDAYS } from '../lib/month.ts';
import { CalendarStoryItem } from './calendar-story.tsx';

/** The stories a day cell shows; the rest are behind its '+N more'. */
export const STORIES_SHOWN = 4;

interface Props {
  title: string;
  weeks: Date[][];
  /** The month shown (0 to 11): the grid's days of other months are drawn muted. */
  monthIndex: number;
  byDay: Map<string, CalendarStory[]>;
  today: string;
}

/** The month as a table (a wide screen): Monday to Sunday, each day with its stories. */
export function CalendarGrid({ title, weeks, monthIndex, byDay, today }: Props) {
  return (
    <table className="admin-calendar__grid">
      <caption className="admin-sr-only">{title}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((d, i) => (
            <th key={d} scope="col">
              <abbr title={WEEKDAY_NAMES[i]}>{d}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={dayKey(week[0]!)}>
            {week.map((day) => {
              const key = dayKey(day);
              const stories = byDay.get(key) ?? [];
              const isToday = key === today;
              const other = day.getMonth() !== monthIndex;
              return (
                <td
                  key={key}
                  className={`admin-calendar__day${other ? ' admin-calendar__day--other' : ''}${isToday ? ' admin-calendar__day--today' : ''}`}
                  aria-current={isToday ? 'date' : undefined}
                >
                  <div className="admin-calendar__date">
                    <time dateTime={key} aria-label={longDay(day)}>
                      {day.getDate()}
                    </time>
                    {isToday ? <span className="admin-calendar__today">Today</span> : null}
                  </div>
                  {stories.length > 0 ? <DayStories stories={stories} /> : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A day's first four stories, then '+N more' opening the rest in place (a disclosure, by keyboard too). */
function DayStories({ stories }: { stories: CalendarStory[] }) {
  const shown = stories.length > STORIES_SHOWN ? stories.slice(0, STORIES_SHOWN) : stories;
  const rest = stories.slice(shown.length);
  return (
    <>
      <ul className="admin-calendar__stories">
        {shown.map((s) => (
          <CalendarStoryItem key={`${s.state}-${s.id}`} story={s} />
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className="admin-calendar__more">
          <summary>+{rest.length} more</summary>
          <ul className="admin-calendar__stories">
            {rest.map((s) => (
              <CalendarStoryItem key={`${s.state}-${s.id}`} story={s} />
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
