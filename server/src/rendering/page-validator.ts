import { etagOf } from '../plugins/http-cache.ts';

/**
 * The keys of a rendered page's embedded state that hold the time of the render, not its content:
 * the render clock (the browser hydrates with it) and the query cache's update times.
 */
const CLOCK_KEYS = new Set(['renderedAt', 'dataUpdatedAt', 'errorUpdatedAt', 'dehydratedAt']);

/** The embedded state with every render time set to 0. */
export function withoutClock(state: unknown): unknown {
  return JSON.parse(JSON.stringify(state, (key, value: unknown) => (CLOCK_KEYS.has(key) ? 0 : value)));
}

/**
 * The ETag of a rendered page: a weak validator (`W/"…"`) of what the reader gets, computed from
 * the page as it would be without its render times (its state passed through withoutClock). Two
 * renders of the same content (the same markup, data and relative times) get the same tag, however
 * far apart and on any instance: their bytes differ only in the embedded render time, which is why
 * the tag is weak (RFC 9110 8.8.1: the same content, not the same bytes).
 */
export function pageEtag(pageWithoutClock: string): string {
  return `W/${etagOf(pageWithoutClock)}`;
}
