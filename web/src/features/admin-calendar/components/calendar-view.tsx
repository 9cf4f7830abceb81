import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AdminSpinner } from '@/components/admin/admin-spinner';
import { paths } from '@/config/paths';
import { problemDetail } from '@/lib/admin-api-client';
import { AdminQueryError } from '@/lib/admin-error-context';
import { toast } from '@/lib/toast';
import { useCalendar, type CalendarStory } from '../api/get-calendar.ts';
import type { DraftStory } from '../api/get-drafts.ts';
import { useRescheduleStory, type Schedulable } from '../api/reschedule-story.ts';
import {
  addMonths,
  atDay,
  dayKey,
  monthGrid,
  monthOf,
  monthParam,
  monthTitle,
  parseMonth,
  whenLabel,
} from '../lib/month.ts';
import { CalendarGrid } from './calendar-grid.tsx';
import { CalendarList } from './calendar-list.tsx';
import type { StoryActions } from './calendar-story.tsx';
import { DraftsPanel } from './drafts-panel.tsx';
import { RescheduleDialog } from './reschedule-dialog.tsx';
import './calendar-view.css';

interface Props {
  /** `?month=` ('YYYY-MM'); missing or malformed: the current month. */
  month: string | null;
  /** The current time (tests fix it). */
  now?: Date;
}

/** A story moved, or a draft being scheduled, and its new time (UTC ISO 8601), while the request runs. */
interface Move {
  story: Schedulable;
  at: string;
}

/**
 * The month's stories (a new array) with the one being moved drawn at its new time: a scheduled story taken
 * from its day, a draft of the panel drawn as scheduled (one drawing for both, decision 055). Until the
 * calendar has loaded again, which replaces it with what the server holds (refused: back where it was).
 */
function withMove(stories: CalendarStory[], move: Move | null): CalendarStory[] {
  if (!move) return [...stories];
  const { story, at } = move;
  const shown = stories.find((s) => s.state === 'scheduled' && s.id === story.id);
  const { id, headline, categoryId } = shown ?? story;
  return [...stories.filter((s) => s !== shown), { id, headline, categoryId, state: 'scheduled', at }];
}

/**
 * The Calendar (docs/product.md, Calendar; decision 054): the month's scheduled and published stories
 * by day in the editor's time zone, as a grid on a wide screen and a list of the days with stories on
 * a phone. A scheduled story is rescheduled (decision 055) by dragging it onto another day in the grid
 * (it keeps its time of day) or with its 'Reschedule' button and dialog (by keyboard, and on a phone).
 * Under it the 'Drafts' panel: a draft is scheduled the same ways (its 'Schedule' button, or dragged onto a
 * day, at 09:00), by the same request.
 */
export function CalendarView({ month: param, now: fixedNow }: Props) {
  const id = useId();
  const now = useMemo(() => fixedNow ?? new Date(), [fixedNow]);
  const month = parseMonth(param, now);
  const title = monthTitle(month);
  const { year, month: monthNumber } = month;
  const { weeks, from, to } = useMemo(() => monthGrid({ year, month: monthNumber }), [year, monthNumber]);
  const calendar = useCalendar({ from, to });
  const reschedule = useRescheduleStory();
  /**
   * A story moved, or a draft scheduled, while its request runs: drawn at its new time (a draft leaves the
   * panel) until the calendar has loaded again.
   */
  const [moving, setMoving] = useState<Move | null>(null);
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarStory[]>();
    const stories = withMove(calendar.data?.articles ?? [], moving);
    stories.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id);
    for (const story of stories) {
      const key = dayKey(new Date(story.at));
      map.set(key, [...(map.get(key) ?? []), story]);
    }
    return map;
  }, [calendar.data, moving]);
  const clock = useCallback(() => fixedNow ?? new Date(), [fixedNow]);
  const sectionRef = useRef<HTMLElement>(null);
  const [editing, setEditing] = useState<Schedulable | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [dragging, setDragging] = useState<Schedulable | null>(null);
  const [dropDay, setDropDay] = useState<string | null>(null);

  /**
   * The focus back on the story's Reschedule button where it now is (the grid or the list, as shown), once
   * the reloaded calendar is drawn (a draft was not on it before); a story outside the month shown: on the
   * Drafts heading.
   */
  const [focusAfter, setFocusAfter] = useState<number | null>(null);
  useEffect(() => {
    if (focusAfter === null) return;
    setFocusAfter(null);
    const buttons = sectionRef.current?.querySelectorAll<HTMLElement>(`button[data-story="${focusAfter}"]`) ?? [];
    const button = Array.from(buttons).find((b) => b.getClientRects().length > 0);
    if (button) button.focus();
    else document.getElementById(`${id}-drafts`)?.focus();
  }, [focusAfter, byDay, id]);

  /**
   * Sends the move (a draft: its first time); `via` the dialog shows a refusal in it, a drag in a toast.
   * One move at a time.
   */
  const move = (story: Schedulable, at: Date, via: 'dialog' | 'drag') => {
    if (reschedule.isPending) return;
    const publishAt = at.toISOString();
    const draft = story.state === 'draft';
    setDialogError(null);
    setMoving({ story, at: publishAt });
    reschedule.mutate(
      { story, publishAt },
      {
        onSuccess: () => {
          toast({
            title: draft ? `Scheduled for ${whenLabel(at, clock())}` : `Rescheduled to ${whenLabel(at, clock())}`,
          });
          if (via === 'dialog') {
            setEditing(null);
            setFocusAfter(story.id);
          }
        },
        onError: (err) => {
          const detail = problemDetail(err, `The story could not be ${draft ? 'scheduled' : 'rescheduled'}.`);
          if (via === 'dialog') setDialogError(detail);
          else
            toast({
              title: `Could not ${draft ? 'schedule' : 'reschedule'} “${story.headline}”`,
              description: detail,
              variant: 'destructive',
            });
        },
        onSettled: () => setMoving(null),
      },
    );
  };

  const startDrag = (story: Schedulable) => setDragging(story);
  const endDrag = () => {
    setDragging(null);
    setDropDay(null);
  };
  const actions: StoryActions = {
    onReschedule: (story) => {
      setDialogError(null);
      setEditing(story);
    },
    drag: { dragging, onStart: startDrag, onEnd: endDrag },
  };
  const scheduleDraft = (draft: DraftStory) => {
    setDialogError(null);
    setEditing(draft);
  };
  const drop = {
    day: dropDay,
    onOver: (day: string) => setDropDay(day),
    onLeave: (day: string) => setDropDay((d) => (d === day ? null : d)),
    onDrop: (day: Date) => {
      const story = dragging;
      setDragging(null);
      setDropDay(null);
      if (!story) return;
      if (story.state === 'draft') {
        // A draft has no time of day to keep: it goes out at 09:00 on that day.
        const at = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 9, 0);
        if (at.getTime() <= clock().getTime()) {
          toast({
            title: `Cannot schedule for ${whenLabel(at, clock())}: that time has passed.`,
            description: `“${story.headline}” stays a draft.`,
            variant: 'destructive',
          });
          return;
        }
        move(story, at, 'drag');
        return;
      }
      const before = new Date(story.at);
      if (dayKey(day) === dayKey(before)) return;
      const at = atDay(before, day);
      if (at.getTime() <= clock().getTime()) {
        toast({
          title: `Cannot reschedule to ${whenLabel(at, clock())}: that time has passed.`,
          description: `“${story.headline}” stays at ${whenLabel(before, clock())}.`,
          variant: 'destructive',
        });
        return;
      }
      move(story, at, 'drag');
    },
  };
  const today = dayKey(now);
  const daysWithStories = weeks.flat().filter((d) => d.getMonth() === month.month - 1 && byDay.has(dayKey(d)));

  return (
    <section
      ref={sectionRef}
      className="admin-section admin-calendar"
      aria-labelledby={`${id}-title`}
      aria-busy={calendar.isFetching}
    >
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
            <CalendarGrid
              title={title}
              weeks={weeks}
              monthIndex={month.month - 1}
              byDay={byDay}
              today={today}
              actions={actions}
              drop={drop}
            />
          </div>
          {daysWithStories.length > 0 ? (
            <div className="admin-calendar__narrow">
              <CalendarList
                days={daysWithStories}
                byDay={byDay}
                today={today}
                actions={{ onReschedule: actions.onReschedule }}
              />
            </div>
          ) : null}
        </>
      )}
      <DraftsPanel
        headingId={`${id}-drafts`}
        onSchedule={scheduleDraft}
        drag={{ dragging, onStart: startDrag, onEnd: endDrag }}
        leaving={moving?.story.state === 'draft' ? moving.story.id : undefined}
      />
      <RescheduleDialog
        story={editing}
        busy={reschedule.isPending}
        error={dialogError}
        now={clock}
        onCancel={() => setEditing(null)}
        onConfirm={(at) => {
          if (!editing) return;
          // After a refusal the calendar has loaded again: a second try starts from the story as it is now.
          const fresh =
            editing.state === 'draft'
              ? undefined
              : calendar.data?.articles.find((s) => s.id === editing.id && s.state === 'scheduled');
          move(fresh ?? editing, at, 'dialog');
        }}
      />
    </section>
  );
}
