import { useId, useState } from 'react';
import { useModalDialog } from '@/components/admin/use-modal-dialog';
import type { CalendarStory } from '../api/get-calendar.ts';
import { dateInput, fromInputs, localTimeZone, timeOf, whenLabel } from '../lib/month.ts';

interface Props {
  /** The story being rescheduled; null: the dialog is closed. */
  story: CalendarStory | null;
  busy: boolean;
  /** Why the last Reschedule did not go through (the server's refusal). */
  error: string | null;
  /** The current time (tests fix it). */
  now(): Date;
  onConfirm(at: Date): void;
  onCancel(): void;
}

/**
 * 'Reschedule “Headline”': a date and a time field, prefilled with the story's publish time in the
 * editor's time zone, then Cancel and Reschedule (Enter in a field reschedules). The way to move a
 * story by keyboard and on a phone, where the grid's drag is not (decision 055). A modal <dialog> like
 * the newsroom's others: Escape cancels, the focus starts on the date and goes back where it was.
 */
export function RescheduleDialog({ story, busy, error, now, onConfirm, onCancel }: Props) {
  const id = useId();
  const open = story !== null;
  const ref = useModalDialog(open, (dialog) => dialog.querySelector<HTMLElement>('input'));
  const [fields, setFields] = useState<{ story: CalendarStory | null; date: string; time: string }>({
    story: null,
    date: '',
    time: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  // Each opening starts from the story's own time.
  if (story && fields.story !== story) {
    const at = new Date(story.at);
    setFields({ story, date: dateInput(at), time: timeOf(at) });
    setProblem(null);
  }
  const shown = problem ?? error;
  const current = story ? new Date(story.at) : null;
  const zone = localTimeZone();
  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {story && current ? (
        <form
          className="admin-calendar__dialog-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const at = fromInputs(fields.date, fields.time);
            if (!at) return setProblem('Enter a date and a time.');
            if (at.getTime() <= now().getTime()) return setProblem('Choose a time in the future.');
            setProblem(null);
            onConfirm(at);
          }}
        >
          <h2 id={`${id}-title`} className="admin-dialog__title">
            Reschedule “{story.headline}”
          </h2>
          <p id={`${id}-message`}>
            Scheduled for {whenLabel(current, now())}. The new time is in your time zone ({zone}).
          </p>
          <div className="admin-calendar__fields">
            <div className="admin-form__field">
              <label className="admin-form__label" htmlFor={`${id}-date`}>
                Date
              </label>
              <input
                id={`${id}-date`}
                className="admin-input"
                type="date"
                required
                value={fields.date}
                disabled={busy}
                aria-invalid={shown ? true : undefined}
                aria-describedby={shown ? `${id}-error` : undefined}
                onChange={(e) => setFields({ ...fields, date: e.target.value })}
              />
            </div>
            <div className="admin-form__field">
              <label className="admin-form__label" htmlFor={`${id}-time`}>
                Time
              </label>
              <input
                id={`${id}-time`}
                className="admin-input"
                type="time"
                required
                value={fields.time}
                disabled={busy}
                aria-invalid={shown ? true : undefined}
                aria-describedby={shown ? `${id}-error` : undefined}
                onChange={(e) => setFields({ ...fields, time: e.target.value })}
              />
            </div>
          </div>
          {shown ? (
            <p id={`${id}-error`} className="admin-form__error" role="alert">
              {shown}
            </p>
          ) : null}
          <div className="admin-actions admin-actions--end">
            <button type="button" className="admin-btn" onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="admin-btn admin-btn--primary" disabled={busy} aria-busy={busy}>
              {busy ? 'Rescheduling…' : 'Reschedule'}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
