import { ARTICLE_LOAD_ERROR_EVENT } from './telemetry/constants';
import { telemetry } from './telemetry/telemetry-client';

/**
 * Telemetry events of the public pages. A failed news list logs an ArticleLoadError event
 * with the message; it is kept until the SDK is up, or dropped when telemetry is off.
 *
 * Called from the news query's meta.onError, which the query cache calls once per failed load of
 * the query (after its retries), not once per component that shows it (query-client.ts): one failed
 * load is one event. A later load of the same list that fails again (the reader comes back to the
 * page) is a new failure and a new event.
 */
export function reportArticleLoadError(message: string, properties: Record<string, string> = {}): void {
  telemetry.trackEvent(ARTICLE_LOAD_ERROR_EVENT, { ...properties, message });
}
