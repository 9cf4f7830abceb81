/**
 * Recovery from a page chunk that no longer loads: the tab was opened before a deploy replaced the
 * hashed files under /assets (the old ones now answer 404), or the connection dropped. The browser
 * then loads the address afresh from the server (which renders it with the new build, or, offline,
 * the service worker answers it), once per address within RELOAD_WINDOW_MS so a chunk that keeps
 * failing shows the error page instead of reloading for ever.
 *
 * Handled by the root route's error element (routes/components/route-error.tsx), which knows the
 * address the reader asked for. Vite's `vite:preloadError` event is left alone on purpose: Vite throws
 * the same error into the import that failed, so it reaches that element anyway, while a listener
 * would only see the address still shown (the link being followed is not yet committed) and would
 * also fire for imports that are no page at all (a prefetch on the reader's intent, the telemetry SDK).
 */

export const RELOAD_WINDOW_MS = 10_000;
export const RELOAD_STORAGE_KEY = 'chunk-reload';

/** The messages browsers give a dynamic import whose module could not be fetched. */
const CHUNK_ERROR_MESSAGES = [
  'Failed to fetch dynamically imported module', // Chromium
  'Importing a module script failed', // Safari
  'error loading dynamically imported module', // Firefox
  'Unable to preload CSS', // Vite's preload helper, for a chunk's stylesheet
];

/** Is `error` a failed load of a code chunk (a dynamic import or Vite's preload of it)? */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const message = (error as { message?: unknown }).message;
  if (typeof message !== 'string') return false;
  return CHUNK_ERROR_MESSAGES.some((m) => message.includes(m));
}

/** Addresses reloaded in this page's life, when sessionStorage cannot be used. */
const reloadedInPage = new Set<string>();

function readStorage(): Storage | null {
  try {
    const storage = window.sessionStorage;
    // Safari's private mode and blocked storage throw on write, not on access.
    storage.setItem(`${RELOAD_STORAGE_KEY}-probe`, '1');
    storage.removeItem(`${RELOAD_STORAGE_KEY}-probe`);
    return storage;
  } catch {
    return null;
  }
}

/** Was `href` reloaded for a chunk error less than RELOAD_WINDOW_MS ago (or, without sessionStorage, in this page's life)? */
export function wasReloadedRecently(href: string, now: number = Date.now()): boolean {
  const storage = readStorage();
  if (!storage) return reloadedInPage.has(href);
  try {
    const last = JSON.parse(storage.getItem(RELOAD_STORAGE_KEY) ?? 'null') as { href?: unknown; at?: unknown } | null;
    return last?.href === href && typeof last.at === 'number' && now - last.at >= 0 && now - last.at < RELOAD_WINDOW_MS;
  } catch {
    return false;
  }
}

/**
 * Loads `href` afresh from the server, unless it was already reloaded recently: returns whether the
 * navigation was started.
 */
export function reloadOnce(href: string, now: number = Date.now()): boolean {
  if (wasReloadedRecently(href, now)) return false;
  const storage = readStorage();
  if (storage) storage.setItem(RELOAD_STORAGE_KEY, JSON.stringify({ href, at: now }));
  else reloadedInPage.add(href);
  reloading = true;
  window.location.assign(href);
  return true;
}

let reloading = false;

/** Has a reload been started in this page's life (the page is on its way out)? */
export function isReloading(): boolean {
  return reloading;
}

/** For tests: forget the addresses reloaded in this page's life. */
export function resetChunkReload(): void {
  reloadedInPage.clear();
  reloading = false;
}
