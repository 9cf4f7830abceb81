import type { ArticleCorrectionTable } from './schema/article-corrections.ts';
import type { ArticleBodyImagesTable } from './schema/article-body-images.ts';
import type { ArticleCountsTable } from './schema/article-counts.ts';
import type { ArticleHourCountsTable } from './schema/article-hour-counts.ts';
import type { ArticleNoteTable } from './schema/article-notes.ts';
import type { ArticlePresenceTable } from './schema/article-presence.ts';
import type { ArticleReadsTable } from './schema/article-reads.ts';
import type { ArticleRevisionsTable } from './schema/article-revisions.ts';
import type { ArticleTable } from './schema/articles.ts';
import type { AuditLogTable } from './schema/audit-log.ts';
import type { AuthKeyTable } from './schema/auth-keys.ts';
import type { ArticleAuthorTable, AuthorSlugRedirectTable, AuthorTable } from './schema/authors.ts';
import type { BackupRunTable } from './schema/backup-runs.ts';
import type { CategoryTable } from './schema/categories.ts';
import type { EditorActivityTable } from './schema/editor-activity.ts';
import type { EditorTable } from './schema/editors.ts';
import type { ImageTable } from './schema/images.ts';
import type { JobTable } from './schema/jobs.ts';
import type { LiveEventTable } from './schema/live-events.ts';
import type { LiveEntryRevisionTable, LiveEntryTable } from './schema/live-entries.ts';
import type { LoginAttemptTable } from './schema/login-attempts.ts';
import type { NoteMentionTable } from './schema/note-mentions.ts';
import type { OidcPayloadTable } from './schema/oidc-payloads.ts';
import type { PreviewLinkTable } from './schema/preview-links.ts';
import type { SlugRedirectsTable } from './schema/slug-redirects.ts';
import type { SocialSettingsTable } from './schema/social-settings.ts';
import type { SocialShareTable } from './schema/social-shares.ts';
import type { SocialTokenTable } from './schema/social-tokens.ts';
import type { ArticleTagTable, TagSlugRedirectTable, TagTable } from './schema/tags.ts';

export type * from './schema/article-body-images.ts';
export type * from './schema/article-corrections.ts';
export type * from './schema/article-counts.ts';
export type * from './schema/article-hour-counts.ts';
export type * from './schema/article-notes.ts';
export type * from './schema/article-presence.ts';
export type * from './schema/article-reads.ts';
export type * from './schema/article-revisions.ts';
export type * from './schema/articles.ts';
export type * from './schema/audit-log.ts';
export type * from './schema/auth-keys.ts';
export type * from './schema/authors.ts';
export type * from './schema/backup-runs.ts';
export type * from './schema/categories.ts';
export type * from './schema/editor-activity.ts';
export type * from './schema/editors.ts';
export type * from './schema/images.ts';
export type * from './schema/jobs.ts';
export type * from './schema/live-events.ts';
export type * from './schema/live-entries.ts';
export type * from './schema/login-attempts.ts';
export type * from './schema/oidc-payloads.ts';
export type * from './schema/preview-links.ts';
export type * from './schema/slug-redirects.ts';
export type * from './schema/social-settings.ts';
export type * from './schema/social-shares.ts';
export type * from './schema/social-tokens.ts';
export type * from './schema/tags.ts';

/**
 * The database as Kysely sees it: every table, one file each under db/schema/ (a migration that adds
 * a table or a column changes its file too). Timestamps are ISO-8601 UTC strings
 * ('2026-11-21T23:01:00.000Z') on both SQLite and PostgreSQL, so they sort as text and compare the
 * same way on both dialects. Booleans are 0/1 integers. The search tables (migration 014) are
 * queried with raw SQL only and are not listed.
 */
export interface Database {
  categories: CategoryTable;
  articles: ArticleTable;
  article_revisions: ArticleRevisionsTable;
  article_body_images: ArticleBodyImagesTable;
  article_corrections: ArticleCorrectionTable;
  article_notes: ArticleNoteTable;
  note_mentions: NoteMentionTable;
  article_presence: ArticlePresenceTable;
  article_reads: ArticleReadsTable;
  slug_redirects: SlugRedirectsTable;
  audit_log: AuditLogTable;
  editor_activity: EditorActivityTable;
  article_counts: ArticleCountsTable;
  article_hour_counts: ArticleHourCountsTable;
  editors: EditorTable;
  login_attempts: LoginAttemptTable;
  auth_keys: AuthKeyTable;
  oidc_payloads: OidcPayloadTable;
  social_tokens: SocialTokenTable;
  social_shares: SocialShareTable;
  social_settings: SocialSettingsTable;
  jobs: JobTable;
  backup_runs: BackupRunTable;
  images: ImageTable;
  authors: AuthorTable;
  article_authors: ArticleAuthorTable;
  author_slug_redirects: AuthorSlugRedirectTable;
  tags: TagTable;
  article_tags: ArticleTagTable;
  tag_slug_redirects: TagSlugRedirectTable;
  live_events: LiveEventTable;
  live_entries: LiveEntryTable;
  live_entry_revisions: LiveEntryRevisionTable;
  preview_links: PreviewLinkTable;
}
