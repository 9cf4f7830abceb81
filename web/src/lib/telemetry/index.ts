import { startTelemetry } from './start-telemetry';
import { trackRouteChanges, type RouterLike } from './route-page-views';

let started = false;

/**
 * Telemetry for the whole page, started once from the router module (or, without a router, for a
 * page whose app could not start: app/start-failure.ts). Not in the
 * sign-in popup and silent-renew pages (/admin/auth/*) nor in any frame: those are not reader visits.
 */
export function startPageTelemetry(router?: RouterLike): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  if (window.top !== window.self || window.location.pathname.startsWith('/admin/auth/')) return;
  void startTelemetry();
  if (router) trackRouteChanges(router);
}

export { telemetry } from './telemetry-client';
