import { Link } from 'react-router';
import { AdminSpinner } from '@/components/admin/admin-spinner';
import { paths } from '@/config/paths';
import { formatAdminDate } from '@/lib/admin-date';
import { AdminQueryError } from '@/lib/admin-error-context';
import { useDrafts, type DraftStory } from '../api/get-drafts.ts';
import type { Schedulable } from '../api/reschedule-story.ts';

interface Props {
  /** The id of the panel's heading (the focus goes there when a scheduled draft leaves it). */
  headingId: string;
  onSchedule(draft: DraftStory): void;
  /** Dragging a draft onto a day of the grid (from 900 px; the grid decides the drop). */
  drag: {
    dragging: Schedulable | null;
    onStart(draft: DraftStory): void;
    onEnd(): void;
  };
  /**
   * The draft being scheduled now: it has left the panel (the calendar draws it on its day) while the
   * request runs; refused, it is back. Hidden, not removed, so the focus can come back to its button.
   */
  leaving?: number;
}

/**
 * 'Drafts' under the calendar (decision 055): the ten drafts without a time changed last, each with its
 * headline (to its screen), when it was last changed and a 'Schedule' button opening the dialog; in the grid a
 * draft is dragged onto a day. 'See all unpublished' opens All Articles' Drafts Only (which lists the
 * scheduled ones too).
 */
export function DraftsPanel({ headingId, onSchedule, drag, leaving }: Props) {
  const drafts = useDrafts();
  const shown = drafts.data?.filter((d) => d.id !== leaving) ?? [];
  return (
    <section className="admin-calendar__drafts" aria-labelledby={headingId} aria-busy={drafts.isFetching}>
      <div className="admin-calendar__drafts-head">
        <h2 id={headingId} className="admin-calendar__drafts-title" tabIndex={-1}>
          Drafts
        </h2>
        <Link className="admin-link" to={paths.admin.articles.getHref({ status: 'unpublished' })}>
          See all unpublished
        </Link>
      </div>
      {drafts.isError ? (
        <AdminQueryError error={drafts.error} onRetry={() => void drafts.refetch()} />
      ) : !drafts.data ? (
        <AdminSpinner label="Loading the drafts…" />
      ) : (
        <>
          {shown.length === 0 ? <p className="admin-empty">No drafts.</p> : null}
          {drafts.data.length > 0 ? (
            <ul className="admin-calendar__stories admin-calendar__draft-list">
              {drafts.data.map((d) => (
                <li
                  key={d.id}
                  hidden={d.id === leaving}
                  className={`admin-calendar__story admin-calendar__draft${drag.dragging?.state === 'draft' && drag.dragging.id === d.id ? ' admin-calendar__story--dragged' : ''}`}
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer?.setData('text/plain', d.headline);
                    if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
                    drag.onStart(d);
                  }}
                  onDragEnd={() => drag.onEnd()}
                >
                  <span className="admin-calendar__draft-text">
                    <Link
                      className="admin-link admin-calendar__headline"
                      to={paths.admin.article.getHref(d.id)}
                      draggable={false}
                    >
                      {d.headline}
                    </Link>{' '}
                    <span className="admin-calendar__edited">
                      Edited <time dateTime={d.updatedAt}>{formatAdminDate(d.updatedAt)}</time>
                    </span>
                  </span>{' '}
                  <button
                    type="button"
                    className="admin-btn admin-btn--small admin-calendar__reschedule"
                    aria-label={`Schedule “${d.headline}”`}
                    data-draft={d.id}
                    onClick={() => onSchedule(d)}
                  >
                    Schedule
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}
