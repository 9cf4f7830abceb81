import { useEffect, useRef, useState, type Ref } from 'react';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { useBulkAction, type BulkAnnouncement, type BulkProgress } from '../api/bulk-action.ts';
import {
  actionsFor,
  BULK_WORDS,
  bulkMessage,
  bulkTitle,
  progressText,
  splitSelection,
  waitingText,
  type BulkAction,
  type BulkArticle,
} from '../lib/bulk-actions.ts';
import { useScrollRoom } from './use-scroll-room.ts';

export interface BulkActionsProps {
  /** The rows of the page shown, in order. */
  rows: readonly BulkArticle[];
  selected: ReadonlySet<number>;
  onSelect(ids: Set<number>): void;
  /** The Trash view: Restore and Delete for good instead of Publish, Unpublish, Duplicate and Move to Trash. */
  inTrash: boolean;
  /** The list's heading (focusable), which gets the focus when a run leaves nothing selected. */
  headingId: string;
}

interface Asking {
  action: BulkAction;
  /** The articles the action is sent for, fixed when the editor asked (a reload meanwhile changes nothing). */
  acting: BulkArticle[];
  leftOut: BulkArticle[];
}

/**
 * 'Select all on this page' and, while rows are selected, the bar (docs/product.md, All Articles):
 * 'N selected', Clear selection and the view's actions, each behind a confirmation that runs the
 * single-article requests one at a time with its progress (decision 040).
 */
export function BulkActions({ rows, selected, onSelect, inTrash, headingId }: BulkActionsProps) {
  const bulk = useBulkAction();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [focusAfter, setFocusAfter] = useState<'bar' | 'all' | null>(null);
  const allBox = useRef<HTMLInputElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const dialogRun = useRef<HTMLDivElement>(null);

  const chosen = rows.filter((r) => selected.has(r.id));
  const all = rows.length > 0 && chosen.length === rows.length;
  const some = chosen.length > 0 && !all;
  // Mixed is a property, not an attribute: set after every render (the box may have just mounted).
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = some;
  });
  useScrollRoom(box, chosen.length > 0);

  // After the dialog has closed (its effect runs first and gives the focus back to the button that
  // opened it, which may be gone): the bar while rows stay selected, else the list's heading.
  useEffect(() => {
    if (!focusAfter) return;
    if (focusAfter === 'all') allBox.current?.focus();
    else (bar.current ?? document.getElementById(headingId))?.focus();
    setFocusAfter(null);
  }, [focusAfter, headingId]);

  // A confirmed run disables the dialog's buttons, the focused one too: the focus goes to the progress
  // line, one Tab before Stop (not onto Stop itself, where a second Enter would stop the run at once).
  const runningInDialog = bulk.running && asking !== null;
  useEffect(() => {
    if (runningInDialog) dialogRun.current?.focus();
  }, [runningInDialog]);

  const actions = actionsFor(inTrash).filter((action) => splitSelection(action, chosen).acting.length > 0);
  const ask = (action: BulkAction) => setAsking({ action, ...splitSelection(action, chosen) });
  const confirm = () => {
    if (!asking) return;
    void bulk.run(asking.action, asking.acting, (outcome) => {
      // The refused rows stay selected, to try again or look at, and so do those a Stop left unsent;
      // the others are done with.
      const left = [...outcome.failed.map((f) => f.article), ...(outcome.notStarted ?? [])];
      onSelect(new Set(left.map((a) => a.id)));
      setAsking(null);
      setFocusAfter('bar');
    });
  };

  // A run without the dialog (an Undo from the toast), or an Undo waiting for one, shows here.
  const outside = !asking && (bulk.progress !== null || bulk.undosWaiting > 0);

  // The dialog stays mounted while a run empties the page (the last drafts published from Drafts Only).
  // While rows are selected the box sticks to the top of the window, so the actions stay at hand down a
  // long page (decision 040).
  return (
    <>
      {rows.length > 0 || outside ? (
        <div ref={box} className={chosen.length > 0 ? 'admin-bulk admin-bulk--selecting' : 'admin-bulk'}>
          {rows.length > 0 ? (
            <label className="admin-bulk__all">
              <input
                ref={allBox}
                type="checkbox"
                checked={all}
                disabled={bulk.running}
                onChange={(e) => onSelect(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
              />
              Select all on this page
            </label>
          ) : null}
          {chosen.length > 0 ? (
            <div ref={bar} className="admin-bulk__bar" role="group" aria-label="Bulk actions" tabIndex={-1}>
              <span className="admin-bulk__count" role="status">
                {chosen.length} selected
              </span>
              <button
                type="button"
                className="admin-btn admin-btn--small admin-btn--link"
                disabled={bulk.running}
                onClick={() => {
                  onSelect(new Set());
                  setFocusAfter('all');
                }}
              >
                Clear selection
              </button>
              {actions.map((action) => (
                <button
                  key={action}
                  type="button"
                  className={`admin-btn admin-btn--small ${
                    action === 'trash' || action === 'purge'
                      ? 'admin-btn--danger-outline'
                      : action === 'unpublish' || action === 'duplicate'
                        ? ''
                        : 'admin-btn--primary'
                  }`}
                  disabled={bulk.running}
                  onClick={() => ask(action)}
                >
                  {BULK_WORDS[action].label}
                </button>
              ))}
            </div>
          ) : null}
          {outside ? <RunLine progress={bulk.progress} undosWaiting={bulk.undosWaiting} onStop={bulk.stop} /> : null}
        </div>
      ) : null}
      {/* Outside the dialog: a run's end is its toast's to say. */}
      <Announcements said={bulk.said.filter((s) => !s.end)} />
      <ConfirmDialog
        open={asking !== null}
        title={asking ? bulkTitle(asking.action, asking.acting.length) : ''}
        message={asking ? bulkMessage(asking.action, asking.acting, asking.leftOut) : ''}
        confirmLabel={asking ? BULK_WORDS[asking.action].label : ''}
        busyLabel={asking ? `${BULK_WORDS[asking.action].running}…` : undefined}
        tone={
          asking?.action === 'publish' || asking?.action === 'restore' || asking?.action === 'duplicate'
            ? 'primary'
            : 'danger'
        }
        busy={bulk.running}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      >
        <RunLine ref={dialogRun} progress={bulk.progress} undosWaiting={bulk.undosWaiting} onStop={bulk.stop} />
        {/* The modal dialog makes the page inert: while it is open its run is announced here, its end too
            (the toast appears behind it). */}
        <Announcements said={bulk.running ? bulk.said : []} />
      </ConfirmDialog>
    </>
  );
}

/**
 * Where a run is: 'Moving to the Trash 12 of 60…' (visible, not announced: it moves with every article),
 * its Stop, and an Undo waiting for it.
 */
function RunLine({
  ref,
  progress,
  undosWaiting,
  onStop,
}: {
  ref?: Ref<HTMLDivElement>;
  progress: BulkProgress | null;
  undosWaiting: number;
  onStop: () => void;
}) {
  return (
    <div ref={ref} className="admin-bulk__run" tabIndex={-1}>
      <p className="admin-bulk__progress">
        {progress ? progressText(progress.action, progress.index, progress.total) : ''}
      </p>
      {progress ? (
        // Stopping keeps the button (and the focus on it), inactive, until the article being sent has answered.
        <button
          type="button"
          className="admin-btn admin-btn--small"
          aria-disabled={progress.stopping || undefined}
          onClick={() => {
            if (!progress.stopping) onStop();
          }}
        >
          {progress.stopping ? 'Stopping…' : 'Stop'}
        </button>
      ) : null}
      {undosWaiting > 0 ? <p className="admin-bulk__waiting">{waitingText(undosWaiting)}</p> : null}
    </div>
  );
}

/** A polite live region, out of sight: a run's start, its Stop, a waiting Undo and a run's end, each once. */
function Announcements({ said }: { said: readonly BulkAnnouncement[] }) {
  return (
    <div className="admin-sr-only" role="log" aria-live="polite">
      {said.map((s) => (
        <p key={s.id}>{s.text}</p>
      ))}
    </div>
  );
}
