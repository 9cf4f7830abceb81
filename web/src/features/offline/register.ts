import { LIVE_STORY_CHANGED_EVENT } from '@common/offline-contract';
import { liveCopyKeeper } from './live-copy';
import { SERVICE_WORKER_PATH } from './texts';

/** Where a service worker may run: over https, or on this machine (a browser allows both). */
export function mayRegister(location: Pick<Location, 'protocol' | 'hostname' | 'pathname'>): boolean {
  if (isNewsroom(location.pathname)) return false;
  const local =
    ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname) || location.hostname.endsWith('.localhost');
  return location.protocol === 'https:' || (location.protocol === 'http:' && local);
}

function isNewsroom(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** At the latest this long after hydration registering runs, should the browser never be idle. */
const IDLE_WAIT_MS = 5000;
/** How long after `load` registering waits for the app to have hydrated the page (a page it never hydrates). */
const HYDRATION_WAIT_MS = 10_000;

/**
 * Offline reading (docs/decisions/056-offline-reading.md): a public page registers the service worker
 * once it has loaded, the app has hydrated it and the browser is idle: the worker's install (the
 * offline page, the stylesheet and fonts) then competes with nothing the page needs to paint or start.
 * The page being read is kept when the worker activates (sw.ts). The newsroom never registers it.
 */
export function registerOfflineReading(): void {
  if (!('serviceWorker' in navigator) || !mayRegister(window.location)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' }).catch(() => undefined);
  };
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(register, { timeout: IDLE_WAIT_MS })
      : setTimeout(register, 0);
  const afterLoad = () => afterHydration(whenIdle);
  if (document.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad, { once: true });
  // Offline, a link to another page is followed by the browser rather than by the app's router: the
  // worker then answers it (the story's copy or the offline page), where the app would show an error.
  addEventListener('click', followLinksNativelyWhenOffline, { capture: true });
  keepLiveCopiesFresh();
}

/**
 * A live blog's entries that arrive while it is open reach its offline copy: the page asks the worker
 * that controls it to keep the story again (live-copy.ts says when), the worker fetching it afresh.
 */
function keepLiveCopiesFresh(): void {
  const keeper = liveCopyKeeper({
    now: () => Date.now(),
    post: (message) => {
      const worker = navigator.serviceWorker.controller;
      worker?.postMessage(message);
      return worker !== null;
    },
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
  });
  addEventListener(LIVE_STORY_CHANGED_EVENT, (event) => {
    const path = (event as CustomEvent<unknown>).detail;
    if (typeof path === 'string') keeper.changed(new URL(path, window.location.href).href);
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') keeper.hidden();
  });
  addEventListener('pagehide', keeper.hidden);
}

function followLinksNativelyWhenOffline(event: MouseEvent): void {
  if (navigator.onLine || !navigator.serviceWorker.controller || isNewsroom(window.location.pathname)) return;
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) return;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin || isNewsroom(url.pathname)) return;
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
  // Not handed to the app (its router would fetch the page's data); the browser's own navigation goes ahead.
  event.stopPropagation();
}

/** Runs `then` once the app has hydrated the page (app/provider.tsx marks it), or after HYDRATION_WAIT_MS. */
function afterHydration(then: () => void): void {
  const root = document.documentElement;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    then();
  };
  const observer = new MutationObserver(() => root.dataset.hydrated && finish());
  const timer = setTimeout(finish, HYDRATION_WAIT_MS);
  if (root.dataset.hydrated) return finish();
  observer.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
}
