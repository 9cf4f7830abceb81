import type { Generated, Selectable } from 'kysely';

/** `live_entries` (migration 040-live-blog): one entry of a live article. */
export interface LiveEntryTable {
  id: Generated<number>;
  article_id: number;
  /** The entry's body as stored-format JSON text (common/body/types.ts). */
  body: string;
  key_event: Generated<number>;
  /** 1: the key event is posted to X / Facebook (the share jobs). */
  share_to_x: Generated<number>;
  share_to_facebook: Generated<number>;
  editor_subject: string;
  /** The byline readers see. */
  editor_name: string;
  posted_at: string;
  /** The last correction, or null. */
  updated_at: string | null;
  /** Set when deleted: readers no longer get it; its id is never reused. */
  deleted_at: string | null;
  version: Generated<number>;
}

/** `live_entry_revisions` (migration 040-live-blog): every post, correction and deletion of an entry. */
export interface LiveEntryRevisionTable {
  id: Generated<number>;
  entry_id: number;
  version: number;
  body: string;
  key_event: number;
  /** 'post' | 'edit' | 'delete' */
  action: string;
  editor_name: string;
  at: string;
}

export type LiveEntryRow = Selectable<LiveEntryTable>;
export type LiveEntryRevisionRow = Selectable<LiveEntryRevisionTable>;
