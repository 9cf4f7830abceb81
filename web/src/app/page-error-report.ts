import { isRouteErrorResponse } from 'react-router';
import { telemetry } from '@/lib/telemetry/telemetry-client';

/** Errors already reported: an effect that runs again (React's strict mode) does not report twice. */
const reported = new WeakSet<object>();

/**
 * Reports a page that could not be shown to telemetry, kept until the SDK is up (the client's rule):
 * an exception with `route`, the address's path only (never its query or hash), and `kind`, `chunk`
 * (its code could not be loaded) or `render` (anything else). The root route's error element reports
 * the error page it shows (routes/components/route-error.tsx), and the boot script a server-rendered
 * page whose app could not start (boot.ts, start-failure.ts); each error once.
 */
export function reportPageError(error: unknown, pathname: string, chunk: boolean): void {
  if (error && typeof error === 'object') {
    if (reported.has(error)) return;
    reported.add(error);
  }
  const exception =
    error instanceof Error
      ? error
      : new Error(isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : String(error));
  telemetry.trackException(exception, { route: pathname, kind: chunk ? 'chunk' : 'render' });
}
