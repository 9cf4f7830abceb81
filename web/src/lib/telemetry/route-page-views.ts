import { onDocumentTitleSet } from '@/lib/use-document-title';
import { ROUTE_PAGE_VIEW_MAX_WAIT_MS, TELEMETRY } from './constants';
import { telemetry as pageTelemetry, type TelemetryClient } from './telemetry-client';

interface RouterLocation {
  pathname: string;
  search: string;
}

/** The part of react-router's data router this needs (createBrowserRouter's result). */
export interface RouterLike {
  state: { location: RouterLocation };
  subscribe(listener: (state: { location: RouterLocation }) => void): () => void;
}

export interface RoutePageViewOptions {
  client?: TelemetryClient;
  delayMs?: number;
  /** The longest a page view waits for its page to set its title (then it is taken anyway). */
  maxWaitMs?: number;
  /** The page's address and title when the page view is taken (defaults: window.location, document). */
  currentHref?: () => string;
  currentTitle?: () => string;
  initialReferrer?: string;
  /** Subscribes to "the page has set its title" (default: useDocumentTitle's signal). */
  onTitleSet?: (listener: () => void) => () => void;
  /** Subscribes to the reader leaving the page (default: the window's pagehide). */
  onLeave?: (listener: () => void) => () => void;
}

interface PendingView {
  uri: string;
  refUri: string | undefined;
  path: string;
  /** The page's title, once the page has set it while at this address. */
  title: string | undefined;
  /** The page must set its title before the view is named after it (a new path, not only a new query). */
  needsTitle: boolean;
  delayOver: boolean;
  timers: ReturnType<typeof setTimeout>[];
}

/**
 * One page view per route change: the first location, then every change of path
 * or query (not hash-only changes, not re-renders of the same location).
 *
 * A page view is taken TELEMETRY.routePageViewDelayMs after the change, and not before the page
 * has set its title (useDocumentTitle): a page that loads its content first (an article) may take
 * longer than the delay on a slow device or network, and its page view must not carry the
 * previous page's title. It waits at most maxWaitMs; it is taken at once when the route changes
 * again or the reader leaves. The address is the one of the change; the name is the title the
 * page set, else the current title if the reader is still there, else the path. A change of the
 * query alone keeps the page (and its title): that view is taken after the delay as it is.
 */
export function trackRouteChanges(router: RouterLike, options: RoutePageViewOptions = {}): () => void {
  const client = options.client ?? pageTelemetry;
  const delayMs = options.delayMs ?? TELEMETRY.routePageViewDelayMs;
  const maxWaitMs = Math.max(delayMs, options.maxWaitMs ?? ROUTE_PAGE_VIEW_MAX_WAIT_MS);
  const currentHref = options.currentHref ?? (() => window.location.href);
  const currentTitle = options.currentTitle ?? (() => document.title);
  const onTitleSet = options.onTitleSet ?? onDocumentTitleSet;
  const onLeave = options.onLeave ?? defaultOnLeave;
  let lastLocation = router.state.location;
  let lastUri = options.initialReferrer ?? (typeof document === 'undefined' ? '' : document.referrer);
  let pending: PendingView | undefined;

  const isAt = (uri: string) => currentHref().split('#')[0] === uri;

  const take = (view: PendingView) => {
    if (pending !== view) return;
    pending = undefined;
    for (const timer of view.timers) clearTimeout(timer);
    const name = view.title ?? (isAt(view.uri) ? currentTitle() || view.path : view.path);
    client.trackPageView({ name, uri: view.uri, refUri: view.refUri });
  };

  const schedule = (location: RouterLocation, needsTitle: boolean) => {
    if (pending) take(pending);
    const uri = new URL(location.pathname + location.search, currentHref()).href;
    const view: PendingView = {
      uri,
      refUri: lastUri || undefined,
      path: location.pathname,
      title: undefined,
      needsTitle,
      delayOver: false,
      timers: [],
    };
    lastUri = uri;
    pending = view;
    view.timers.push(
      setTimeout(() => {
        view.delayOver = true;
        if (!view.needsTitle || view.title !== undefined) take(view);
      }, delayMs),
      setTimeout(() => take(view), maxWaitMs),
    );
  };

  const stopTitles = onTitleSet(() => {
    const view = pending;
    if (!view || !isAt(view.uri)) return;
    view.title = currentTitle() || view.path;
    if (view.delayOver) take(view);
  });
  const stopLeave = onLeave(() => {
    if (pending) take(pending);
  });

  schedule(router.state.location, true);
  const stopRouter = router.subscribe((state) => {
    const location = state.location;
    if (keyOf(location) === keyOf(lastLocation)) return;
    const needsTitle = location.pathname !== lastLocation.pathname;
    lastLocation = location;
    schedule(location, needsTitle);
  });
  return () => {
    stopRouter();
    stopTitles();
    stopLeave();
    if (pending) for (const timer of pending.timers) clearTimeout(timer);
    pending = undefined;
  };
}

function defaultOnLeave(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('pagehide', listener);
  return () => window.removeEventListener('pagehide', listener);
}

function keyOf(location: RouterLocation): string {
  return `${location.pathname}${location.search}`;
}
