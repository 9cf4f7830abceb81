import type { Generated, Selectable } from 'kysely';

/** `article_notes` (migration 053-article-notes): editors' internal notes on an article (decision 058). */
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
}

export type ArticleNoteRow = Selectable<ArticleNoteTable>;
