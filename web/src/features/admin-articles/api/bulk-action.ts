import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { AdminApiError, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { errorParts } from '@/lib/admin-error-context';
import { toast } from '@/lib/toast';
import {
  bulkSummary,
  spokenSummary,
  startText,
  STOPPING_TEXT,
  waitingText,
  type BulkAction,
  type BulkArticle,
  type BulkOutcome,
} from '../lib/bulk-action-rules.ts';
import type { BulkTarget } from '../lib/bulk-edits.ts';
import { changeArticleTags } from './change-article-tags.ts';
import { deleteArticle } from './delete-article.ts';
import { duplicateArticle } from './duplicate-article.ts';
import { publishArticle } from './publish-article.ts';
import { purgeArticle } from './purge-article.ts';
import { restoreArticle } from './restore-article.ts';
import { unpublishArticle } from './unpublish-article.ts';
import { updateArticleCategory } from './update-article-category.ts';
import { reloadAfterMutation } from './use-reload-after-mutation.ts';

/** What an edit was asked for without its choice (the dialog's confirm waits for one). */
const unchosen = () => Promise.reject(new Error('Nothing was chosen.'));

/**
 * Each bulk action is the single article's own request (decision 040): its rules, audit row, posts and live
 * announcement. Change section is the category editor's request; a tag is changed by the article's edit.
 */
const REQUESTS: Record<BulkAction, (client: AdminApiClient, id: number, target?: BulkTarget) => Promise<unknown>> = {
  publish: publishArticle,
  unpublish: unpublishArticle,
  duplicate: duplicateArticle,
  trash: deleteArticle,
  restore: restoreArticle,
  purge: purgeArticle,
  category: (client, id, target) =>
    target?.categoryId !== undefined ? updateArticleCategory(client, id, target.categoryId) : unchosen(),
  addTag: (client, id, target) => (target?.tag ? changeArticleTags(client, id, 'add', target.tag) : unchosen()),
  removeTag: (client, id, target) => (target?.tag ? changeArticleTags(client, id, 'remove', target.tag) : unchosen()),
};

/** What a refusal says: the server's problem detail, else the catalogue's message with its details (a network error). */
export function refusalReason(err: unknown): string {
  if (err instanceof AdminApiError && typeof err.problem?.detail === 'string' && err.problem.detail)
    return err.problem.detail;
  const { message, details } = errorParts(err);
  return details ? `${message}: ${details}` : message;
}

/**
 * Sends the action for each article, one request at a time, in order; a refusal is noted and the next
 * article goes on. `onStep(i)` is called as the request for `articles[i]` starts. Once `signal` is
 * aborted (Stop), no further request starts: the one already sent finishes, the rest are `notStarted`.
 */
export async function runBulkAction(
  client: AdminApiClient,
  action: BulkAction,
  articles: readonly BulkArticle[],
  onStep?: (index: number) => void,
  signal?: AbortSignal,
  target?: BulkTarget,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: [], failed: [], notStarted: [] };
  for (const [index, article] of articles.entries()) {
    if (signal?.aborted) {
      outcome.notStarted = articles.slice(index);
      break;
    }
    onStep?.(index);
    try {
      await REQUESTS[action](client, article.id, target);
      outcome.done.push(article);
    } catch (err) {
      outcome.failed.push({ article, reason: refusalReason(err) });
    }
  }
  return outcome;
}

export interface BulkProgress {
  action: BulkAction;
  /** What an edit sets (the section, the tag). */
  target?: BulkTarget;
  /** The article being sent now, from 0. */
  index: number;
  total: number;
  /** Stop was pressed: the article being sent finishes, no other is sent. */
  stopping: boolean;
}

/**
 * One thing a screen reader is told about the runs: a run's start, its Stop, an Undo that waits, a run's
 * end (decision 040). Never each article: the progress line that counts them is not a live region.
 */
export interface BulkAnnouncement {
  id: number;
  text: string;
  /** A run's end, which its toast says too (heard on its own when no dialog makes the page inert). */
  end: boolean;
}

/** The announcements kept: enough that none is dropped before it is heard when several come at once. */
const KEPT_ANNOUNCEMENTS = 5;

/**
 * Runs a bulk action: the requests one at a time, then one toast that sums them up and one reload of
 * the views (the reload rule of the single actions: the list on screen, the others marked stale).
 * After a move to the Trash the toast offers Undo, as the single Delete's does: a Restore run of the
 * articles that went (a stopped run's Undo restores the ones done, no others).
 * `onDone` gets the outcome in the same update that ends the run (the dialog closes as the buttons come
 * back). One batch runs at a time: `run` answers null for a call made while a batch runs (a double click
 * on the confirm runs it once), but an Undo is never dropped: it waits its turn (`undosWaiting` counts
 * those) and runs after the batch (or the Undo) before it. `stop` ends the run going after the article
 * being sent. `said` holds what a screen reader is told (the start, Stop, a waiting Undo, the end).
 */
export function useBulkAction() {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const running = useRef(false);
  /** The Undos waiting for the batch that runs: each starts the next turn (the guard stays held). */
  const waiting = useRef<(() => void)[]>([]);
  /** Aborted by Stop: the run going ends after the article being sent. */
  const stopper = useRef<AbortController | null>(null);
  const lastId = useRef(0);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [undosWaiting, setUndosWaiting] = useState(0);
  const [said, setSaid] = useState<BulkAnnouncement[]>([]);
  const say = useCallback((text: string, opts: { end?: boolean; fresh?: boolean } = {}) => {
    const next = { id: ++lastId.current, text, end: opts.end ?? false };
    setSaid((before) => [...(opts.fresh ? [] : before), next].slice(-KEPT_ANNOUNCEMENTS));
  }, []);
  const start = useCallback(
    async function start(
      action: BulkAction,
      articles: readonly BulkArticle[],
      onDone: ((outcome: BulkOutcome) => void) | undefined,
      waits: boolean,
      target?: BulkTarget,
    ): Promise<BulkOutcome | null> {
      if (running.current) {
        if (!waits) return null;
        await new Promise<void>((turn) => {
          waiting.current.push(turn);
          setUndosWaiting(waiting.current.length);
          say(waitingText(waiting.current.length));
        });
      }
      running.current = true;
      const stop = new AbortController();
      stopper.current = stop;
      const total = articles.length;
      // A confirmed run starts what its dialog says afresh; an Undo adds to what the page said before.
      say(startText(action, total, target), { fresh: !waits });
      setProgress({ action, target, index: 0, total, stopping: false });
      try {
        const outcome = await runBulkAction(
          client,
          action,
          articles,
          (index) => setProgress({ action, target, index, total, stopping: stop.signal.aborted }),
          stop.signal,
          target,
        );
        const summary = bulkSummary(action, outcome, target);
        const went = outcome.done;
        if (action === 'trash' && went.length > 0) {
          summary.action = { label: 'Undo', onClick: () => void start('restore', went, undefined, true) };
        }
        toast(summary);
        say(spokenSummary(summary), { end: true });
        await reloadAfterMutation(queryClient);
        onDone?.(outcome);
        return outcome;
      } finally {
        stopper.current = null;
        setProgress(null);
        // The next Undo in line takes the guard over: nothing else can start in between.
        const next = waiting.current.shift();
        setUndosWaiting(waiting.current.length);
        if (next) next();
        else running.current = false;
      }
    },
    [client, queryClient, say],
  );
  const run = useCallback(
    (
      action: BulkAction,
      articles: readonly BulkArticle[],
      onDone?: (outcome: BulkOutcome) => void,
      target?: BulkTarget,
    ) => start(action, articles, onDone, false, target),
    [start],
  );
  const stop = useCallback(() => {
    const going = stopper.current;
    if (!going || going.signal.aborted) return;
    going.abort();
    setProgress((p) => p && { ...p, stopping: true });
    say(STOPPING_TEXT);
  }, [say]);
  return { run, stop, progress, running: progress !== null, undosWaiting, said };
}
