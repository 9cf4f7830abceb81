/**
 * Offline reading (docs/decisions/056-offline-reading.md): the addresses the server answers and the
 * public pages' service worker uses, and the offline page's title (the server's <title>, the page's
 * heading).
 */

/** The offline page: rendered by the server, kept by the worker when it installs. */
export const OFFLINE_PATH = '/offline';
/** The service worker's script: served by the server with `Cache-Control: no-cache`. */
export const SERVICE_WORKER_PATH = '/sw.js';
export const OFFLINE_TITLE = "You're offline";

/**
 * The message a live blog's page posts to the worker that controls it (`navigator.serviceWorker.controller`)
 * when entries arrived through the stream since its copy was kept: the worker keeps the story again,
 * fetched afresh from the network, as when a reader opens it.
 */
export const KEEP_STORY_AGAIN = 'offline-reading:keep-story-again';
export interface KeepStoryAgainMessage {
  type: typeof KEEP_STORY_AGAIN;
  /** The page's address: kept again only when it is a story of the worker's own site (its story rule). */
  url: string;
  /** When the page last changed (ms since the epoch): the worker fetches no sooner than the shared cache allows. */
  changedAt: number;
}

/**
 * The window event a live blog's page dispatches when its entries changed through the stream (an entry
 * added, corrected or removed, coverage started or ended); its `detail` is the story's path. The page's
 * offline reading (web/src/features/offline/live-copy.ts) then asks the worker with KEEP_STORY_AGAIN.
 */
export const LIVE_STORY_CHANGED_EVENT = 'offline-reading:live-story-changed';
