/**
 * Live updates: the event stream every public page keeps open (decision 036); what live blogs are is in
 * live-contract.ts.
 *
 * The stream is `GET /live/stream` (server-sent events, `text/event-stream`). Every stream receives
 * the site's events (stories published, changed or removed); a stream opened with
 * `?article={id}` also receives that live article's entry events. Each event is one SSE message:
 *
 *     id: 1234            the event's id: increasing across every instance (one database sequence)
 *     event: story-published
 *     data: {"article":{...}}   one line of JSON, the payload type below
 *
 * A reconnection with `Last-Event-ID` gets exactly the events after that id, in order, none twice;
 * when the id is older than the server's replay window it gets one `reload` event instead (the page
 * fetches its data again). A comment line (`: keep-alive`) every 25 s keeps proxies from closing an
 * idle stream. On shutdown the server sends `retry: {ms}` and closes: EventSource reconnects, through
 * the load balancer, to another instance. Beyond its connection limit an instance answers
 * 503 problem+json with `Retry-After`.
 */
import type { LiveEntry } from './live-contract.ts';
import type { PublicArticle } from './news-contract.ts';

export const LIVE_STREAM_PATH = '/live/stream';

/**
 * The stream URL of a page: `?article={id}` for a live article (its entry events too: its public page,
 * and the newsroom's live console), and `lastEventId` when the page knows where its data stands (the
 * live blog's `lastEventId`, or the last event a stream of this page delivered): the server replays
 * what came after. Reconnections send the Last-Event-ID header (the browser's), which the server prefers.
 */
export function liveStreamUrl(articleId?: number, lastEventId?: number): string {
  const params = new URLSearchParams();
  if (articleId !== undefined) params.set('article', String(articleId));
  if (lastEventId !== undefined && lastEventId > 0) params.set('lastEventId', String(lastEventId));
  return params.size ? `${LIVE_STREAM_PATH}?${params.toString()}` : LIVE_STREAM_PATH;
}

/** The heartbeat comment's period. */
export const LIVE_HEARTBEAT_MS = 25_000;

/** A topic: the whole site, or one live article's entries. */
export type LiveTopic = 'site' | `article:${number}`;

export function articleTopic(articleId: number): LiveTopic {
  return `article:${articleId}`;
}

/** Site events: a story went public, changed (headline, breaking flag, category...), or was withdrawn. */
export interface StoryPublishedEvent {
  /** The story as GET /News lists it (no body). */
  article: PublicArticle;
}
export type StoryUpdatedEvent = StoryPublishedEvent;
export interface StoryRemovedEvent {
  /** Unpublished, deleted or moved back to draft: readers no longer see it. */
  id: number;
  slug: string;
  category: string;
}

export interface LiveEntryEvent {
  entry: LiveEntry;
}
export interface LiveEntryDeletedEvent {
  id: number;
  articleId: number;
}
export interface LiveCoverageEvent {
  articleId: number;
  /** ISO 8601; coverageEndTime is null while coverage runs. */
  coverageStartTime: string;
  coverageEndTime: string | null;
}

/** Every event type and its payload (`data`). */
export interface LiveEventPayloads {
  'story-published': StoryPublishedEvent;
  'story-updated': StoryUpdatedEvent;
  'story-removed': StoryRemovedEvent;
  'entry-added': LiveEntryEvent;
  'entry-updated': LiveEntryEvent;
  'entry-deleted': LiveEntryDeletedEvent;
  /** Coverage started, or ended (the page says so and closes its stream). */
  'coverage-changed': LiveCoverageEvent;
  /** The reader missed more than the replay window holds: fetch the page's data again. */
  reload: Record<string, never>;
}
export type LiveEventType = keyof LiveEventPayloads;
