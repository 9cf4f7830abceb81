import { useId, useState } from 'react';
import { useModalDialog } from '@/components/admin/use-modal-dialog';
import type { Schedulable } from '../api/reschedule-story.ts';
import { dateInput, fromInputs, localTimeZone, timeOf, whenLabel } from '../lib/month.ts';

interface Props {
  /** The story being rescheduled, or the draft being scheduled; null: the dialog is closed. */
  story: Schedulable | null;
  busy: boolean;
  /** Why the last Reschedule did not go through (the server's refusal). */
  error: string | null;
  /** The current time (tests fix it). */
  now(): Date;
  onConfirm(at: Date): void;
  onCancel(): void;
}

/** Tomorrow at 09:00 in the editor's time zone: where a draft's Schedule starts. */
function tomorrowAtNine(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
}

/**
 * 'Reschedule “Headline”': a date and a time field, prefilled with the story's publish time in the
 * editor's time zone, then Cancel and Reschedule (Enter in a field reschedules). The way to move a
 * story by keyboard and on a phone, where the grid's drag is not (decision 055). A modal <dialog> like
 * the newsroom's others: Escape cancels, the focus starts on the date and goes back where it was.
 * For a draft of the Drafts panel it is 'Schedule “Headline”', prefilled with tomorrow at 09:00.
 */
export function RescheduleDialog({ story, busy, error, now, onConfirm, onCancel }: Props) {
  const id = useId();
  const open = story !== null;
  const ref = useModalDialog(open, (dialog) => dialog.querySelector<HTMLElement>('input'));
  const [fields, setFields] = useState<{ story: Schedulable | null; date: string; time: string }>({
    story: null,
    date: '',
    time: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  // Each opening starts from the story's own time; a draft's from tomorrow at 09:00.
  if (story && fields.story !== story) {
    const at = story.state === 'draft' ? tomorrowAtNine(now()) : new Date(story.at);
    setFields({ story, date: dateInput(at), time: timeOf(at) });
    setProblem(null);
  }
  const shown = problem ?? error;
  const current = story && story.state !== 'draft' ? new Date(story.at) : null;
  const verb = story?.state === 'draft' ? 'Schedule' : 'Reschedule';
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
      {story ? (
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
            {verb} “{story.headline}”
          </h2>
          <p id={`${id}-message`}>
            {current
              ? `Scheduled for ${whenLabel(current, now())}. The new time is in your time zone (${zone}).`
              : `The time is in your time zone (${zone}).`}
          </p>
          <div className="admin-calendar__fields">
            {(['date', 'time'] as const).map((name) => (
              <div key={name} className="admin-form__field">
                <label className="admin-form__label" htmlFor={`${id}-${name}`}>
                  {name === 'date' ? 'Date' : 'Time'}
                </label>
                <input
                  id={`${id}-${name}`}
                  className="admin-input"
                  type={name}
                  required
                  value={fields[name]}
                  disabled={busy}
                  aria-invalid={shown ? true : undefined}
                  aria-describedby={shown ? `${id}-error` : undefined}
                  onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
                />
              </div>
            ))}
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
              {busy ? `${verb.slice(0, -1)}ing…` : verb}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
