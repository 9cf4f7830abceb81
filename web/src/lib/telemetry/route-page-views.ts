import { TELEMETRY } from './constants';
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
  /** The page's address and title when the page view is taken (defaults: window.location, document). */
  currentHref?: () => string;
  currentTitle?: () => string;
  initialReferrer?: string;
}

/**
 * One page view per route change (SPEC section 9): the first location, then every change of path
 * or query (not hash-only changes, not re-renders of the same location), each taken
 * TELEMETRY.routePageViewDelayMs after the change so the page has set its title. The address is
 * the one of the change; the title is the page's if the reader is still there, else the path.
 */
export function trackRouteChanges(router: RouterLike, options: RoutePageViewOptions = {}): () => void {
  const client = options.client ?? pageTelemetry;
  const delayMs = options.delayMs ?? TELEMETRY.routePageViewDelayMs;
  const currentHref = options.currentHref ?? (() => window.location.href);
  const currentTitle = options.currentTitle ?? (() => document.title);
  let lastKey = keyOf(router.state.location);
  let lastUri = options.initialReferrer ?? (typeof document === 'undefined' ? '' : document.referrer);

  const schedule = (location: RouterLocation) => {
    const uri = new URL(location.pathname + location.search, currentHref()).href;
    const refUri = lastUri || undefined;
    lastUri = uri;
    setTimeout(() => {
      const name = currentHref().split('#')[0] === uri ? currentTitle() || location.pathname : location.pathname;
      client.trackPageView({ name, uri, refUri });
    }, delayMs);
  };

  schedule(router.state.location);
  return router.subscribe((state) => {
    const key = keyOf(state.location);
    if (key === lastKey) return;
    lastKey = key;
    schedule(state.location);
  });
}

function keyOf(location: RouterLocation): string {
  return `${location.pathname}${location.search}`;
}
