/**
 * Live updates: the event stream every public page keeps open, and live blogs (decision 036).
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
import type { BodyDoc } from './body/types.ts';
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

/** One entry of a live blog as readers get it (GET /News/slug/{slug} `live.entries`, the stream). */
export interface LiveEntry {
  id: number;
  articleId: number;
  /** The entry, in the story body format (text, a picture, an embed). */
  body: BodyDoc;
  /** The entry rendered by the one body renderer (common/body/render.ts). */
  bodyHtml: string;
  /** A key event: listed in the summary at the top of the live page. */
  keyEvent: boolean;
  /** When it was posted (ISO 8601); entries are ordered newest first by this, then by id. */
  postedAt: string;
  /** When it was last corrected (ISO 8601), or null. */
  updatedAt: string | null;
  /** The byline of the entry (the editor's display name). */
  author: string;
}

/** A key event in the summary: its entry's first words as plain text. */
export interface LiveKeyEvent {
  id: number;
  postedAt: string;
  /** The entry's plain text, cut at a word boundary to at most 140 characters. */
  summary: string;
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

/** What a live article carries (public article read `live`; null/absent: not a live blog). */
export interface LiveBlog {
  coverageStartTime: string;
  /** null while coverage runs ("Live" in red on the page). */
  coverageEndTime: string | null;
  /** The newest entries first; one page of LIVE_ENTRIES_PAGE. */
  entries: LiveEntry[];
  /** Every key event, newest first (the summary at the top; each links to `#entry-{id}`). */
  keyEvents: LiveKeyEvent[];
  /** An entry id to page back from (GET /News/slug/{slug}/entries?before={id}); null: no older entries. */
  olderBefore: number | null;
  /** The newest event id when this was read: a stream opened later replays from here. */
  lastEventId: number;
}

/** Entries per page on the live page and in GET /News/slug/{slug}/entries. */
export const LIVE_ENTRIES_PAGE = 20;

/** GET /News/slug/{slug}/entries?before={entryId}: one page of older entries, newest first. */
export interface LiveEntriesPage {
  entries: LiveEntry[];
  olderBefore: number | null;
}

/** The admin API's live entry (GET /api/admin/articles/{id}/live/entries). */
export interface AdminLiveEntry extends LiveEntry {
  /** Increments on each correction; a PATCH sends it back (409 when another editor changed it first). */
  version: number;
  /** Posted to X / Facebook with the share jobs (a key event only; off by default). */
  shareToX: boolean;
  shareToFacebook: boolean;
  /** What became of its posts: one per platform it was queued for (none for an entry never posted). */
  posts: LiveEntryPost[];
}

/** A key event's post on X or Facebook, as the share jobs left it. */
export interface LiveEntryPost {
  platform: 'x' | 'facebook';
  state: 'queued' | 'posting' | 'posted' | 'failed' | 'unconfirmed' | 'deleted' | 'withdrawn';
  /** The post on the platform, once posted. */
  postUrl: string | null;
  /** The provider's reason of the last failure, or why it is unconfirmed or withdrawn. */
  reason: string | null;
}

/** POST /api/admin/articles/{id}/live/entries and PATCH .../live/entries/{entryId}. */
export interface LiveEntryInput {
  body: BodyDoc;
  keyEvent?: boolean;
  shareToX?: boolean;
  shareToFacebook?: boolean;
  /** PATCH only: the version the editor corrected. */
  version?: number;
}

/**
 * The admin API (signed-in editors; writes need the usual CSRF header and are audited):
 * - POST /api/admin/articles/{id}/live/start, POST .../live/end: AdminArticle (its liveStartedAt and
 *   liveEndedAt set); starting again after the end resumes coverage (liveEndedAt back to null).
 * - GET .../live/entries: { entries: AdminLiveEntry[] }, newest first, deleted ones left out.
 * - POST .../live/entries (LiveEntryInput): 201 AdminLiveEntry. PATCH .../live/entries/{entryId}
 *   (LiveEntryInput with version): AdminLiveEntry, 409 on a stale version. DELETE
 *   .../live/entries/{entryId}: 204.
 * - GET .../live/entries/{entryId}/revisions: { revisions: LiveEntryRevision[] }, newest first.
 */
export interface LiveEntryRevision {
  version: number;
  body: BodyDoc;
  keyEvent: boolean;
  action: 'post' | 'edit' | 'delete';
  editorName: string;
  at: string;
}

/** The audit trail's rows for live coverage. */
export const LIVE_AUDIT_ACTIONS = [
  'live-start',
  'live-end',
  'live-entry-post',
  'live-entry-edit',
  'live-entry-delete',
] as const;
export type LiveAuditAction = (typeof LIVE_AUDIT_ACTIONS)[number];
