import type { Generated, Selectable } from 'kysely';

/** `article_corrections` (migration 044-article-corrections): the corrections readers see under an article. */
export interface ArticleCorrectionTable {
  id: Generated<number>;
  article_id: number;
  /** Plain text on one line, 10 to 1,000 characters. */
  text: string;
  /** When it was added: the date readers see (a fix of its wording keeps it). */
  created_at: string;
  /** The display name of the editor who added it. */
  created_by: string;
  /** The last fix of its wording, and by whom (null: never edited). */
  updated_at: string | null;
  updated_by: string | null;
}

export type ArticleCorrectionRow = Selectable<ArticleCorrectionTable>;
