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
