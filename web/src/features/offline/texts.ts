/**
 * The words of offline reading (docs/product.md, 'Reading offline'): the offline page, rendered by the
 * server (offline-page.tsx), and what the service worker writes into it and into a story it answers
 * from its copy (worker/policy.ts). One module, so both say the same.
 */

export { OFFLINE_PATH, OFFLINE_TITLE, SERVICE_WORKER_PATH } from '@common/offline-contract';
export const OFFLINE_INTRO = "This page can't be opened without a connection. Reload it once you're back online.";
export const OFFLINE_STORIES_LEAD = 'Stories you have read on this device are still here:';
export const OFFLINE_NOTHING_SAVED = 'Nothing saved yet: stories you open are kept here for reading offline.';

/** '1 December 2026 at 07:45', in the reader's time zone (en-GB, the site's language). */
export function savedTime(at: number): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(at));
}

/** The notice at the top of a story answered from the copy on the device. */
export function offlineCopyNotice(savedAt: number): string {
  return `You're offline: this is the copy saved on ${savedTime(savedAt)}.`;
}

/**
 * A live blog's status in its copy answered offline, instead of '● Live': under the heading 'Live
 * updates', the copy lists the entries it had when kept and updates no more (the notice above says when).
 */
export const LIVE_PAUSED_OFFLINE = 'Paused offline';

/** The line under a story's headline in the offline page's list. */
export function savedLine(savedAt: number): string {
  return `Saved ${savedTime(savedAt)}`;
}
