import { startPageTelemetry } from '@/lib/telemetry';
import { isChunkLoadError } from './chunk-reload.ts';
import { reportPageError } from './page-error-report.ts';

/**
 * A server-rendered page whose app could not start (boot.ts): its code, the route's chunk most often,
 * did not load. The page stays as the server rendered it, readable, and is not reloaded (it is already
 * the server's latest); the failure is reported as the route error element reports one (kind `chunk`
 * for code that did not load), telemetry being started for it since the router that starts it never came.
 */
export function reportStartFailure(error: unknown): void {
  startPageTelemetry();
  reportPageError(error, window.location.pathname, isChunkLoadError(error));
}
