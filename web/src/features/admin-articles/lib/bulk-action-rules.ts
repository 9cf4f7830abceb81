import { TRASH_RETENTION_DAYS } from '@common/admin-contract';
import type { ToastInput } from '@/lib/toast';
import type { AdminArticle } from '../types.ts';
import { isPublished, statusLabel } from './article-status.ts';
import {
  EDIT_LABELS,
  editActsOn,
  editMessage,
  editTitle,
  editWords,
  type BulkEdit,
  type BulkTarget,
  type EditedArticle,
} from './bulk-edits.ts';

/**
 * The actions of All Articles' bulk bar (docs/product.md, All Articles; decision 040): what each acts on,
 * the confirmation's words, the progress line and the toast that sums a run up.
 */
export type BulkAction = 'publish' | 'unpublish' | 'duplicate' | 'trash' | 'restore' | 'purge' | BulkEdit;

/** The actions that need no choice of their own (the edits need a section or a tag: lib/bulk-edits.ts). */
type PlainAction = Exclude<BulkAction, BulkEdit>;

const isEdit = (action: BulkAction): action is BulkEdit =>
  action === 'category' || action === 'addTag' || action === 'removeTag';

/** What a bulk action needs of a row (an edit also its section, and its tags once loaded). */
export type BulkArticle = Pick<AdminArticle, 'id' | 'headline' | 'publishedAt' | 'status' | 'deletedAt'> &
  Omit<EditedArticle, 'deletedAt'>;

/** Waiting for its time: not public yet, with a publish time (the server's unpublish takes it off the schedule). */
const isScheduled = (a: BulkArticle) => statusLabel(a.publishedAt, a.status) === 'Scheduled';

/** One article the server refused, and why (its problem detail). */
export interface BulkFailure {
  article: BulkArticle;
  reason: string;
}

export interface BulkOutcome {
  done: BulkArticle[];
  failed: BulkFailure[];
  /** Not sent because the editor stopped the run (empty, or absent, when it ran to the end). */
  notStarted?: BulkArticle[];
}

interface Words {
  /** The bar's button and the dialog's confirm. */
  label: string;
  /** 'Publishing' in 'Publishing 2 of 3…'. */
  running: string;
  /** 'Publishing 3 articles…', 'Moving 3 articles to the Trash…': what a screen reader hears as a run starts. */
  starting: (what: string) => string;
  /** 'Published 3 articles', 'Moved 3 articles to the Trash'. */
  done: (what: string) => string;
  /** 'could not be published'. */
  notDone: string;
}

export const BULK_WORDS: Record<PlainAction, Words> = {
  publish: {
    label: 'Publish',
    running: 'Publishing',
    starting: (w) => `Publishing ${w}…`,
    done: (w) => `Published ${w}`,
    notDone: 'published',
  },
  unpublish: {
    label: 'Unpublish',
    running: 'Unpublishing',
    starting: (w) => `Unpublishing ${w}…`,
    done: (w) => `Unpublished ${w}`,
    notDone: 'unpublished',
  },
  duplicate: {
    label: 'Duplicate',
    running: 'Duplicating',
    starting: (w) => `Duplicating ${w}…`,
    done: (w) => `Duplicated ${w}`,
    notDone: 'duplicated',
  },
  trash: {
    label: 'Move to Trash',
    running: 'Moving to the Trash',
    starting: (w) => `Moving ${w} to the Trash…`,
    done: (w) => `Moved ${w} to the Trash`,
    notDone: 'moved to the Trash',
  },
  restore: {
    label: 'Restore',
    running: 'Restoring',
    starting: (w) => `Restoring ${w}…`,
    done: (w) => `Restored ${w}`,
    notDone: 'restored',
  },
  purge: {
    label: 'Delete for good',
    running: 'Deleting',
    starting: (w) => `Deleting ${w} for good…`,
    done: (w) => `Deleted ${w} for good`,
    notDone: 'deleted for good',
  },
};

/** An action's words; an edit's name what was chosen ('Moved 3 articles to Politics'). */
export function wordsOf(action: BulkAction, target?: BulkTarget): Words {
  return isEdit(action) ? editWords(action, target) : BULK_WORDS[action];
}

/**
 * The bar's actions in a view: Restore and Delete for good in the Trash, else Publish, Unpublish and Move to
 * Trash (the rarer ones are under its More: moreActionsFor).
 */
export function actionsFor(inTrash: boolean): BulkAction[] {
  return inTrash ? ['restore', 'purge'] : ['publish', 'unpublish', 'trash'];
}

/** The actions under the bar's More (outside the Trash): Duplicate, Change section, Add tag, Remove tag. */
export function moreActionsFor(inTrash: boolean): BulkAction[] {
  return inTrash ? [] : ['duplicate', 'category', 'addTag', 'removeTag'];
}

/** The bar's button: an action's own word, or an edit's ('Change section'). */
export const barLabel = (action: BulkAction) => (isEdit(action) ? EDIT_LABELS[action] : BULK_WORDS[action].label);

/**
 * Whether the action changes the article: publishing a published one, or unpublishing a draft, does not.
 * Unpublish acts on a scheduled article as the server's unpublish does: off its schedule, back to a draft.
 * Duplicate acts on any article outside the Trash (it copies it, and the server refuses one in the Trash).
 */
export function actsOn(action: BulkAction, a: BulkArticle, target?: BulkTarget): boolean {
  const deleted = Boolean(a.deletedAt);
  switch (action) {
    case 'category':
    case 'addTag':
    case 'removeTag':
      return editActsOn(action, a, target);
    case 'publish':
      return !deleted && !isPublished(a.publishedAt);
    case 'unpublish':
      return !deleted && (isPublished(a.publishedAt) || isScheduled(a));
    case 'duplicate':
    case 'trash':
      return !deleted;
    case 'restore':
    case 'purge':
      return deleted;
  }
}

/** The selection split into the articles the action is sent for and those left as they are (in order). */
export function splitSelection(action: BulkAction, selected: readonly BulkArticle[], target?: BulkTarget) {
  return {
    acting: selected.filter((a) => actsOn(action, a, target)),
    leftOut: selected.filter((a) => !actsOn(action, a, target)),
  };
}

/** '1 article', '3 articles'. */
export const articlesCount = (n: number) => `${n} ${n === 1 ? 'article' : 'articles'}`;

/** The confirmation's title: 'Publish 3 articles?', 'Move 3 articles to the Trash?', 'Delete 3 articles for good?'. */
export function bulkTitle(action: BulkAction, n: number, target?: BulkTarget): string {
  if (isEdit(action)) return editTitle(action, n, target);
  if (action === 'trash') return `Move ${articlesCount(n)} to the Trash?`;
  if (action === 'purge') return `Delete ${articlesCount(n)} for good?`;
  return `${BULK_WORDS[action].label} ${articlesCount(n)}?`;
}

const quoted = (a: BulkArticle) => `“${a.headline}”`;

/** Why some of the selection is left out: '1 is already published and is left as it is.' */
function leftOutText(action: PlainAction, n: number): string {
  if (n === 0) return '';
  const why = {
    publish: 'already published',
    unpublish: 'neither published nor scheduled',
    duplicate: 'in the Trash',
    trash: 'already in the Trash',
    restore: 'not in the Trash',
    purge: 'not in the Trash',
  }[action];
  return n === 1 ? ` 1 is ${why} and is left as it is.` : ` ${n} are ${why} and are left as they are.`;
}

/**
 * What Unpublish does: a published article comes off the site (its posts stay); a scheduled one is taken
 * off its schedule and stays a draft (it was never out: nothing to say about posts).
 */
function unpublishText(acting: readonly BulkArticle[]): string {
  const scheduled = acting.filter(isScheduled).length;
  const live = acting.length - scheduled;
  const posts = (n: number) =>
    n === 1
      ? "Its posts on X and Facebook stay (the article's own Unpublish offers to delete them too)."
      : "Their posts on X and Facebook stay (an article's own Unpublish offers to delete them too).";
  const one = acting.length === 1 ? acting[0]! : null;
  if (one) {
    return scheduled
      ? `${quoted(one)} is taken off its schedule and stays a draft: it does not go out.`
      : `${quoted(one)} comes off the site. ${posts(1)}`;
  }
  if (scheduled === 0) return `They come off the site. ${posts(2)}`;
  if (live === 0) return 'They are taken off their schedule and stay drafts: they do not go out.';
  const offSite = live === 1 ? 'The published one comes off the site' : `The ${live} published come off the site`;
  const offSchedule =
    scheduled === 1
      ? 'the scheduled one is taken off its schedule and stays a draft'
      : `the ${scheduled} scheduled are taken off their schedule and stay drafts`;
  return `${offSite}; ${offSchedule}. ${posts(live)}`;
}

/** Publish sends a scheduled article out now: its time is dropped (' The scheduled one goes out now, not at its time.'). */
function scheduledNowText(acting: readonly BulkArticle[]): string {
  const scheduled = acting.filter(isScheduled).length;
  if (scheduled === 0) return '';
  if (acting.length === 1) return ' It goes out now, not at its scheduled time.';
  return scheduled === 1
    ? ' The scheduled one goes out now, not at its time.'
    : ` The ${scheduled} scheduled go out now, not at their time.`;
}

/**
 * The confirmation's message: what happens to the articles on the site, in the Trash and on X and
 * Facebook, in the words of the single-article dialogs, and which of the selection are left as they are.
 */
export function bulkMessage(
  action: BulkAction,
  acting: readonly BulkArticle[],
  leftOut: readonly BulkArticle[],
  target?: BulkTarget,
): string {
  if (isEdit(action)) return editMessage(action, acting, leftOut.length, target);
  const one = acting.length === 1 ? acting[0]! : null;
  const anyPublished = acting.some((a) => isPublished(a.publishedAt));
  let text: string;
  switch (action) {
    case 'publish':
      text = one
        ? `${quoted(one)} goes live on the site now. It is shared to X and Facebook as its own choice says`
        : 'They go live on the site now. Each is shared to X and Facebook as its own choice says';
      text +=
        " (a box left untouched follows the Social page's default; nothing goes to an account that is not connected).";
      text += scheduledNowText(acting);
      break;
    case 'unpublish':
      text = unpublishText(acting);
      break;
    case 'duplicate':
      // The server's duplicate: a draft, whatever the original is; nothing of its life (posts, schedule) comes along.
      text = one
        ? `${quoted(one)} becomes a new draft copy (not published, not shared). The original is left as it is.`
        : 'Each becomes a new draft copy (not published, not shared). The originals are left as they are.';
      break;
    case 'trash':
      text = one
        ? `${quoted(one)} moves to the Trash${anyPublished ? ' and comes off the site' : ''}. You can restore it from the Trash for ${TRASH_RETENTION_DAYS} days; after that it is deleted for good. Its posts on X and Facebook stay (the article's own Delete offers to delete them too).`
        : `They move to the Trash${anyPublished ? ' and come off the site' : ''}. You can restore them from the Trash for ${TRASH_RETENTION_DAYS} days; after that they are deleted for good. Their posts on X and Facebook stay (an article's own Delete offers to delete them too).`;
      break;
    case 'restore':
      // A trashed row does not say whether it was published (the server keeps that for the restore).
      text = one
        ? `${quoted(one)} comes back out of the Trash as it was: if it was published, it is on the site again at once.`
        : 'They come back out of the Trash as they were: one that was published is on the site again at once.';
      break;
    case 'purge':
      // The run purges the articles and their history, not their posts: those are per article.
      text = one
        ? `${quoted(one)} is removed now with its history and cannot be restored. Its posts on X and Facebook stay (the article's own Delete for good offers to delete them too).`
        : "They are removed now with their history and cannot be restored. Their posts on X and Facebook stay (each article's own Delete for good offers to delete them too).";
      break;
  }
  return text + leftOutText(action, leftOut.length);
}

/** The visible progress line: 'Publishing 2 of 3…' (`index` counts from 0). Not a live region: it moves with every article. */
export function progressText(action: BulkAction, index: number, total: number, target?: BulkTarget): string {
  return `${wordsOf(action, target).running} ${index + 1} of ${total}…`;
}

/** What a screen reader hears as a run starts: 'Moving 60 articles to the Trash…' (then nothing until Stop or the end). */
export function startText(action: BulkAction, total: number, target?: BulkTarget): string {
  return wordsOf(action, target).starting(articlesCount(total));
}

/** What a screen reader hears when the editor stops a run (the article being sent still finishes). */
export const STOPPING_TEXT = 'Stopping after the article being sent.';

/** Shown while an Undo waits for the run before it (decision 040): 'Undo waits for the current run'. */
export function waitingText(undos: number): string {
  return undos === 1 ? 'Undo waits for the current run' : `${undos} Undos wait for the current run`;
}

/**
 * The one toast of a run: 'Published 3 articles', or 'Published 2 articles; 1 could not be' with each
 * refused headline and its reason ('“<headline>”: <reason>') as the description. A stopped run says how
 * many of how many went and how many were not sent: '12 of 60 moved to the Trash; stopped, 48 not changed'.
 */
export function bulkSummary(
  action: BulkAction,
  { done, failed, notStarted = [] }: BulkOutcome,
  target?: BulkTarget,
): ToastInput {
  const words = wordsOf(action, target);
  // Each its own sentence: '“A”: The article is already published. “B”: Error publishing article: Failed to fetch.'
  const description = failed
    .map((f) => `${quoted(f.article)}: ${f.reason}${/[.!?]$/.test(f.reason) ? '' : '.'}`)
    .join(' ');
  if (notStarted.length > 0) {
    const total = done.length + failed.length + notStarted.length;
    const refused = failed.length > 0 ? `, ${failed.length} could not be` : '';
    const title = `${done.length} of ${total} ${words.notDone}${refused}; stopped, ${notStarted.length} not changed`;
    return failed.length > 0 ? { title, description, variant: 'destructive' } : { title };
  }
  if (failed.length === 0) return { title: words.done(articlesCount(done.length)) };
  const title =
    done.length === 0
      ? `${articlesCount(failed.length)} could not be ${words.notDone}`
      : `${words.done(articlesCount(done.length))}; ${failed.length} could not be`;
  return { title, description, variant: 'destructive' };
}

/** A toast said as one text (a screen reader's end of a run): its title, then its description. */
export function spokenSummary({ title, description }: ToastInput): string {
  return description ? `${title}. ${description}` : `${title}.`;
}
