/**
 * Live blogs (decision 037): what readers get of a live article (the article read's `live`, its older
 * entries) and the newsroom's live coverage API. Their changes reach open pages through the live stream
 * (live-stream-contract.ts).
 */
import type { BodyDoc } from './body/types.ts';

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
  /** Who made its last correction (their display name); null while never corrected. */
  updatedBy: string | null;
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
