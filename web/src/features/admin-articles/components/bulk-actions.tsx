import { useQueries } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { useAdminApi } from '@/lib/admin-api-client';
import { useBulkAction, type BulkAnnouncement, type BulkProgress } from '../api/bulk-action.ts';
import { articleQueryOptions, getArticle } from '../api/get-article.ts';
import {
  actionsFor,
  barLabel,
  bulkMessage,
  bulkTitle,
  moreActionsFor,
  progressText,
  splitSelection,
  waitingText,
  wordsOf,
  type BulkAction,
  type BulkArticle,
} from '../lib/bulk-action-rules.ts';
import type { BulkEdit, BulkTarget } from '../lib/bulk-edits.ts';
import { concurrencyLimit } from '../lib/concurrency-limit.ts';
import { BulkEditChoice } from './bulk-edit-choice.tsx';
import { useScrollRoom } from '@/components/admin/use-scroll-room';
import './bulk-actions.css';

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
  /** The selection, fixed when the editor asked (a reload meanwhile changes nothing). */
  selection: BulkArticle[];
  /** An edit's choice (the section, the tag); none yet while the dialog opens. */
  target?: BulkTarget;
  /** What the confirmed run was sent for: the dialog keeps saying it while the tags it read are reloaded. */
  sent?: Split;
}

type Split = ReturnType<typeof splitSelection>;

/** The edits: each asks for a choice (the section, the tag) before it runs. */
const EDITS: BulkEdit[] = ['category', 'addTag', 'removeTag'];
const isTagEdit = (action: BulkAction | undefined) => action === 'addTag' || action === 'removeTag';
/** How many of the selected articles Add tag and Remove tag read at a time; the others wait their turn. */
const TAG_READS_AT_ONCE = 4;

/**
 * 'Select all on this page' and, while rows are selected, the bar (docs/product.md, All Articles):
 * 'N selected', Clear selection and the view's actions, each behind a confirmation that runs the
 * single-article requests one at a time with its progress (decision 040).
 */
export function BulkActions({ rows, selected, onSelect, inTrash, headingId }: BulkActionsProps) {
  const bulk = useBulkAction();
  const client = useAdminApi();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [focusAfter, setFocusAfter] = useState<'bar' | 'all' | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const [limitReads] = useState(() => concurrencyLimit(TAG_READS_AT_ONCE));
  const moreButton = useRef<HTMLButtonElement>(null);
  const moreId = useId();
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

  // Add tag and Remove tag read the selected articles (the list's rows have no tags) to tell which are left
  // out, a few at a time (a read whose dialog has closed meanwhile is not sent).
  const tagReads = useQueries({
    queries: (isTagEdit(asking?.action) ? (asking?.selection ?? []) : []).map((a) => ({
      ...articleQueryOptions(client, a.id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        limitReads(() => (signal.aborted ? Promise.reject(signal.reason) : getArticle(client, a.id, signal))),
      staleTime: 0,
    })),
  });
  const checking = tagReads.some((q) => q.isPending);
  const withTags = (asking?.selection ?? []).map((a, i) =>
    isTagEdit(asking?.action) ? { ...a, tags: tagReads[i]?.data?.tags } : a,
  );
  const split = asking ? (asking.sent ?? splitSelection(asking.action, withTags, asking.target)) : null;
  const choiceMissing = Boolean(asking && EDITS.includes(asking.action as BulkEdit) && !asking.target);

  const actions = actionsFor(inTrash).filter((action) => splitSelection(action, chosen).acting.length > 0);
  const more = moreActionsFor(inTrash).filter((action) => splitSelection(action, chosen).acting.length > 0);
  const ask = (action: BulkAction) => setAsking({ action, selection: chosen });
  const confirm = () => {
    if (!asking || !split || choiceMissing || checking || split.acting.length === 0) return;
    setAsking({ ...asking, sent: split });
    void bulk.run(
      asking.action,
      split.acting,
      (outcome) => {
        // The refused rows stay selected, to try again or look at, and so do those a Stop left unsent;
        // the others are done with.
        const left = [...outcome.failed.map((f) => f.article), ...(outcome.notStarted ?? [])];
        onSelect(new Set(left.map((a) => a.id)));
        setAsking(null);
        setMoreOpen(false);
        setFocusAfter('bar');
      },
      asking.target,
    );
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
                      : action === 'unpublish'
                        ? ''
                        : 'admin-btn--primary'
                  }`}
                  disabled={bulk.running}
                  onClick={() => ask(action)}
                >
                  {barLabel(action)}
                </button>
              ))}
              {/* The rarer actions behind a disclosure (decision 040): the phone's box stays three lines. */}
              {more.length > 0 ? (
                <button
                  ref={moreButton}
                  type="button"
                  className="admin-btn admin-btn--small admin-bulk__more"
                  aria-expanded={moreOpen}
                  aria-controls={moreId}
                  disabled={bulk.running}
                  onClick={() => setMoreOpen(!moreOpen)}
                >
                  More
                  <span aria-hidden="true" className="admin-bulk__caret" />
                </button>
              ) : null}
              {more.length > 0 ? (
                <div
                  id={moreId}
                  className="admin-bulk__more-group"
                  role="group"
                  aria-label="More bulk actions"
                  hidden={!moreOpen}
                  onKeyDown={(e) => {
                    if (e.key !== 'Escape') return;
                    e.preventDefault();
                    setMoreOpen(false);
                    moreButton.current?.focus();
                  }}
                >
                  {more.map((action) => (
                    <button
                      key={action}
                      type="button"
                      className="admin-btn admin-btn--small"
                      disabled={bulk.running}
                      onClick={() => ask(action)}
                    >
                      {barLabel(action)}
                    </button>
                  ))}
                </div>
              ) : null}
            </div>
          ) : null}
          {outside ? <RunLine progress={bulk.progress} undosWaiting={bulk.undosWaiting} onStop={bulk.stop} /> : null}
        </div>
      ) : null}
      {/* Outside the dialog: a run's end is its toast's to say. */}
      <Announcements said={bulk.said.filter((s) => !s.end)} />
      <ConfirmDialog
        open={asking !== null}
        title={asking && split ? bulkTitle(asking.action, split.acting.length, asking.target) : ''}
        message={
          asking && split ? bulkMessage(asking.action, split.acting, checking ? [] : split.leftOut, asking.target) : ''
        }
        confirmLabel={asking ? wordsOf(asking.action, asking.target).label : ''}
        busyLabel={asking ? `${wordsOf(asking.action, asking.target).running}…` : undefined}
        tone={asking && ['publish', 'restore', 'duplicate', ...EDITS].includes(asking.action) ? 'primary' : 'danger'}
        busy={bulk.running}
        confirmDisabled={choiceMissing || checking || split?.acting.length === 0}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      >
        {asking && EDITS.includes(asking.action as BulkEdit) ? (
          <BulkEditChoice
            edit={asking.action as BulkEdit}
            target={asking.target}
            onChoose={(target) => setAsking({ ...asking, target })}
            disabled={bulk.running}
            checking={checking && Boolean(asking.target)}
            summary={
              split
                ? `${bulkTitle(asking.action, split.acting.length, asking.target)} ${bulkMessage(asking.action, split.acting, split.leftOut, asking.target)}`
                : ''
            }
          />
        ) : null}
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
        {progress ? progressText(progress.action, progress.index, progress.total, progress.target) : ''}
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
