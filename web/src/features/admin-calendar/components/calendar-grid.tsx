import type { CalendarStory } from '../api/get-calendar.ts';
import { dayKey, longDay, WEEKDAY_NAMES, WEEKDAYS } from '../lib/month.ts';
import { CalendarStoryItem, type StoryActions } from './calendar-story.tsx';

/** The stories a day cell shows; the rest are behind its '+N more'. */
export const STORIES_SHOWN = 4;

interface Props {
  title: string;
  weeks: Date[][];
  /** The month shown (0 to 11): the grid's days of other months are drawn muted. */
  monthIndex: number;
  byDay: Map<string, CalendarStory[]>;
  today: string;
  actions: StoryActions;
  /** Dragging a story: the day it is over (highlighted), and the drop onto a day. */
  drop: {
    day: string | null;
    onOver(day: string): void;
    onLeave(day: string): void;
    onDrop(day: Date): void;
  };
}

/**
 * The month as a table (a wide screen): Monday to Sunday, each day with its stories. A scheduled story
 * dragged over a day highlights it; dropped there, it moves to that day (calendar-view.tsx decides).
 */
export function CalendarGrid({ title, weeks, monthIndex, byDay, today, actions, drop }: Props) {
  const dragging = actions.drag?.dragging;
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
                  className={`admin-calendar__day${other ? ' admin-calendar__day--other' : ''}${isToday ? ' admin-calendar__day--today' : ''}${drop.day === key ? ' admin-calendar__day--drop' : ''}`}
                  aria-current={isToday ? 'date' : undefined}
                  onDragOver={
                    dragging
                      ? (e) => {
                          e.preventDefault();
                          if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
                          if (drop.day !== key) drop.onOver(key);
                        }
                      : undefined
                  }
                  onDragLeave={
                    dragging
                      ? (e) => {
                          if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) {
                            drop.onLeave(key);
                          }
                        }
                      : undefined
                  }
                  onDrop={
                    dragging
                      ? (e) => {
                          e.preventDefault();
                          drop.onDrop(day);
                        }
                      : undefined
                  }
                >
                  <div className="admin-calendar__date">
                    <time dateTime={key} aria-label={longDay(day)}>
                      {day.getDate()}
                    </time>
                    {isToday ? <span className="admin-calendar__today">Today</span> : null}
                  </div>
                  {stories.length > 0 ? <DayStories stories={stories} actions={actions} /> : null}
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
function DayStories({ stories, actions }: { stories: CalendarStory[]; actions: StoryActions }) {
  const shown = stories.length > STORIES_SHOWN ? stories.slice(0, STORIES_SHOWN) : stories;
  const rest = stories.slice(shown.length);
  return (
    <>
      <ul className="admin-calendar__stories">
        {shown.map((s) => (
          <CalendarStoryItem key={`${s.state}-${s.id}`} story={s} actions={actions} />
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className="admin-calendar__more">
          <summary>+{rest.length} more</summary>
          <ul className="admin-calendar__stories">
            {rest.map((s) => (
              <CalendarStoryItem key={`${s.state}-${s.id}`} story={s} actions={actions} />
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
