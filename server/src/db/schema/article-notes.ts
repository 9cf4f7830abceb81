import type { Generated, Selectable } from 'kysely';

/** `article_notes` (migrations 053-article-notes, 058-note-resolutions, 059-note-replies, 061-note-edits; the index of open notes 062-open-notes): editors' internal notes on an article (decision 058). */
export interface ArticleNoteTable {
  id: Generated<number>;
  article_id: number;
  /** Plain text, line breaks kept, 1 to 1,000 characters. */
  text: string;
  /** When it was added. */
  created_at: string;
  /** The signed-in editor's subject, as the audit trail records it (`actor_subject`): only they may delete it. */
  author_subject: string;
  /** Their display name (`actor_name`). */
  author_name: string;
  /** When it was resolved (done), and the display name of the editor who resolved it; null while open. */
  resolved_at: string | null;
  resolved_by: string | null;
  /**
   * A reply: the note it answers, which starts its thread (decision 061); null for a note of its own. A
   * thread is resolved and reopened as one: its replies carry the note's `resolved_at` and `resolved_by`.
   */
  reply_to: number | null;
  /** When its author last changed its text (decision 062); null while it is as it was added. */
  edited_at: string | null;
}

export type ArticleNoteRow = Selectable<ArticleNoteTable>;
