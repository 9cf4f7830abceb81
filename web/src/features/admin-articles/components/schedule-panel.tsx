import { useId, useState } from 'react';
import { useScheduleArticle, useUnscheduleArticle } from '../api/schedule-article.ts';
import { isPublished } from '../lib/article-status.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import { localInputToUtc, localTimeZone, toLocalInput } from '../lib/schedule-time.ts';
import type { AdminArticle } from '../types.ts';

/** Pick when a draft goes out (in the editor's time zone; sent as UTC), or cancel the schedule. */
export function SchedulePanel({
  article,
}: {
  article: Pick<AdminArticle, 'id' | 'publishedAt' | 'status' | 'publishAt'>;
}) {
  const id = useId();
  const schedule = useScheduleArticle();
  const unschedule = useUnscheduleArticle();
  const [value, setValue] = useState(() => toLocalInput(article.publishAt ?? new Date(Date.now() + 60 * 60_000)));
  const [error, setError] = useState<string | null>(null);
  if (isPublished(article.publishedAt)) return null;
  const busy = schedule.isPending || unschedule.isPending;
  const scheduled = article.status === 'scheduled' && article.publishAt;
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Schedule</h2>
      {scheduled ? (
        <p>
          Goes live on <strong>{formatAdminDate(article.publishAt)}</strong>.
        </p>
      ) : (
        <p className="admin-muted">Not scheduled.</p>
      )}
      <form
        className="admin-schedule"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const publishAt = localInputToUtc(value);
          if (!publishAt) return setError('Enter a date and time');
          if (Date.parse(publishAt) <= Date.now()) return setError('Choose a time in the future');
          setError(null);
          schedule.mutate({ id: article.id, publishAt });
        }}
      >
        <label className="admin-form__label" htmlFor={`${id}-at`}>
          Publish at ({localTimeZone()})
        </label>
        <input
          id={`${id}-at`}
          className="admin-input"
          type="datetime-local"
          value={value}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        {error ? (
          <p id={`${id}-error`} className="admin-field-error">
            {error}
          </p>
        ) : null}
        <div className="admin-actions">
          <button type="submit" className="admin-btn admin-btn--small admin-btn--primary" disabled={busy}>
            {schedule.isPending ? 'Scheduling…' : scheduled ? 'Reschedule' : 'Schedule'}
          </button>
          {scheduled ? (
            <button
              type="button"
              className="admin-btn admin-btn--small"
              disabled={busy}
              onClick={() => unschedule.mutate(article.id)}
            >
              {unschedule.isPending ? 'Cancelling…' : 'Cancel schedule'}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
