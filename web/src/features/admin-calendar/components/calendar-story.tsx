import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { CalendarStory } from '../api/get-calendar.ts';
import type { Schedulable } from '../api/reschedule-story.ts';
import { timeOf } from '../lib/month.ts';

const STATE_LABELS = { scheduled: 'Scheduled', published: 'Published' } as const;

/** What a day's stories can do: open the Reschedule dialog, and (in the grid) be dragged to another day. */
export interface StoryActions {
  onReschedule(story: CalendarStory): void;
  /** The grid only: a scheduled story is dragged (not on a phone's list). */
  drag?: {
    /** The story (or the Drafts panel's draft) being dragged now, drawn faded. */
    dragging: Schedulable | null;
    onStart(story: CalendarStory): void;
    onEnd(): void;
  };
}

/**
 * One story of a day: its local time, its headline (to the article's screen) and its state in words; a
 * scheduled one also its 'Reschedule' button and, in the grid, it can be dragged onto another day.
 */
export function CalendarStoryItem({ story, actions }: { story: CalendarStory; actions: StoryActions }) {
  const at = new Date(story.at);
  const scheduled = story.state === 'scheduled';
  const drag = scheduled ? actions.drag : undefined;
  const dragged = drag?.dragging?.state === 'scheduled' && drag.dragging.id === story.id;
  return (
    <li
      className={`admin-calendar__story${drag ? ' admin-calendar__story--draggable' : ''}${dragged ? ' admin-calendar__story--dragged' : ''}`}
      draggable={drag ? true : undefined}
      onDragStart={
        drag
          ? (e) => {
              e.dataTransfer?.setData('text/plain', story.headline);
              if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
              drag.onStart(story);
            }
          : undefined
      }
      onDragEnd={drag ? () => drag.onEnd() : undefined}
    >
      <time className="admin-calendar__time" dateTime={story.at}>
        {timeOf(at)}
      </time>{' '}
      <Link
        className="admin-link admin-calendar__headline"
        to={paths.admin.article.getHref(story.id)}
        draggable={drag ? false : undefined}
      >
        {story.headline}
      </Link>{' '}
      <span className={`admin-badge admin-badge--${story.state}`}>{STATE_LABELS[story.state]}</span>
      {scheduled ? (
        <>
          {' '}
          <button
            type="button"
            className="admin-btn admin-btn--small admin-calendar__reschedule"
            aria-label={`Reschedule “${story.headline}”`}
            data-story={story.id}
            onClick={() => actions.onReschedule(story)}
          >
            Reschedule
          </button>
        </>
      ) : null}
    </li>
  );
}
