import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { CalendarStory } from '../api/get-calendar.ts';
import { timeOf } from '../lib/month.ts';

const STATE_LABELS = { scheduled: 'Scheduled', published: 'Published' } as const;

/** One story of a day: its local time, its headline (to the article's screen) and its state in words. */
export function CalendarStoryItem({ story }: { story: CalendarStory }) {
  const at = new Date(story.at);
  return (
    <li className="admin-calendar__story">
      <time className="admin-calendar__time" dateTime={story.at}>
        {timeOf(at)}
      </time>{' '}
      <Link className="admin-link admin-calendar__headline" to={paths.admin.article.getHref(story.id)}>
        {story.headline}
      </Link>{' '}
      <span className={`admin-badge admin-badge--${story.state}`}>{STATE_LABELS[story.state]}</span>
    </li>
  );
}
