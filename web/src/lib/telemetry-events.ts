import { ARTICLE_LOAD_ERROR_EVENT } from './telemetry/constants';
import { telemetry } from './telemetry/telemetry-client';

/**
 * Several components of one page observe the same news query (the breaking strip and the listing),
 * and each reports its failure: reports of the same failure within this window count once.
 */
export const SAME_FAILURE_WINDOW_MS = 2_000;

const lastReported = new Map<string, number>();

/**
 * Telemetry events of the public pages. A failed news list logs an ArticleLoadError event
 * (SPEC section 8) with the message; it is kept until the SDK is up, or dropped when telemetry is off.
 */
export function reportArticleLoadError(message: string, properties: Record<string, string> = {}, now: number = Date.now()): void {
  const key = JSON.stringify([message, Object.entries(properties).sort()]);
  const last = lastReported.get(key);
  if (last !== undefined && now - last < SAME_FAILURE_WINDOW_MS) return;
  lastReported.set(key, now);
  telemetry.trackEvent(ARTICLE_LOAD_ERROR_EVENT, { ...properties, message });
}
