import type { Kysely, Selectable } from 'kysely';
import type { ArticleTable, Database } from '../db/schema.ts';

/** Tables added by migration 003-admin (typed here so the shared schema file stays untouched). */
export interface AuditLogTable {
  id: import('kysely').Generated<number>;
  /** create | publish | unpublish | delete | category */
  action: string;
  article_id: number;
  actor_subject: string;
  actor_name: string;
  at: string;
  /** JSON of the full article row before the change (null for create). */
  before: string | null;
  /** JSON of the full article row after the change (null for delete). */
  after: string | null;
}

export interface EditorActivityTable {
  subject: string;
  name: string;
  username: string;
  last_seen_at: string;
}

/** Articles per (category, draft?) pair, kept exact by triggers (migration 003-admin). */
export interface ArticleCountsTable {
  category_id: number;
  /** 1: published_at is null. */
  is_draft: number;
  /** bigint: PostgreSQL returns it as a string. */
  n: number | string;
}

/** Articles created per UTC hour ('2026-11-22T02'), kept exact by triggers (migration 005). */
export interface ArticleHourCountsTable {
  hour: string;
  /** bigint: PostgreSQL returns it as a string. */
  n: number | string;
}

/** The article columns added by migration 007-newsroom. */
export interface NewsroomColumns {
  version: import('kysely').Generated<number>;
  publish_at: string | null;
  deleted_at: string | null;
  /** published_at of an article while it is in the trash (its published_at is null then). */
  trashed_published_at: string | null;
  updated_by: string | null;
}

export interface ArticleRevisionsTable {
  id: import('kysely').Generated<number>;
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
}

export interface SlugRedirectsTable {
  old_slug: string;
  article_id: number;
  created_at: string;
}

export type AdminTables = {
  articles: ArticleTable & NewsroomColumns;
  article_revisions: ArticleRevisionsTable;
  slug_redirects: SlugRedirectsTable;
  audit_log: AuditLogTable;
  editor_activity: EditorActivityTable;
  article_counts: ArticleCountsTable;
  article_hour_counts: ArticleHourCountsTable;
};

export type AdminDatabase = Omit<Database, 'articles'> & AdminTables;
export type AdminKysely = Kysely<AdminDatabase>;
export type AuditLogRow = Selectable<AuditLogTable>;
/** A full article row as the admin side reads it. */
export type AdminArticleRow = Selectable<ArticleTable & NewsroomColumns>;
export type RevisionRow = Selectable<ArticleRevisionsTable>;

/** The shared Kysely instance, seen with the admin tables as well. */
export function adminDb(db: Kysely<Database>): AdminKysely {
  return db.withTables<AdminTables>() as unknown as AdminKysely;
}
