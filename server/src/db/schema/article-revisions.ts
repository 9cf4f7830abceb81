import type { Generated, Selectable } from 'kysely';

/** `article_revisions` (migration 007-newsroom): one row per saved version of an article. */
export interface ArticleRevisionsTable {
  id: Generated<number>;
  article_id: number;
  version: number;
  action: string;
  editor_subject: string;
  editor_name: string;
  at: string;
  /** JSON array of field names. */
  changed_fields: string;
  /** JSON of the AdminArticle after the change. */
  snapshot: string;
  /** The uploaded image the snapshot shows (32 hex), else null (migration 028-image-references). */
  image_id: string | null;
  /** 1: saved by the edit form on its own while the editor typed (migration 038-revision-autosave). */
  autosave: Generated<number>;
}

export type RevisionRow = Selectable<ArticleRevisionsTable>;
