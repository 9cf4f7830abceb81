import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';
import * as m001 from './001-initial.ts';
import * as m002 from './002-auth.ts';
import * as m003 from './003-admin.ts';
import * as m004 from './004-social.ts';
import * as m005 from './005-dashboard-counts.ts';
import * as m006 from './006-oidc-token-hashes.ts';
import * as m007 from './007-newsroom.ts';
import * as m011 from './011-login-attempts.ts';
import * as m014 from './014-search.ts';
import * as m015 from './015-archive-indexes.ts';
import * as m016 from './016-social-shares.ts';
import * as m017 from './017-sitemap-index.ts';
import * as m028 from './028-image-references.ts';
import * as m029 from './029-quiet-article-triggers.ts';
import * as m030 from './030-list-by-shown-date.ts';
import * as m031 from './031-article-counts-slots.ts';
import * as m032 from './032-first-revisions.ts';
import * as m033 from './033-modified-time-and-slugs.ts';
import * as m034 from './034-backup-runs.ts';
import * as m035 from './035-article-bodies.ts';
import * as m036 from './036-described-images.ts';
import * as m037 from './037-authors-and-tags.ts';
import * as m038 from './038-revision-autosave.ts';
import * as m039 from './039-live-events.ts';
import * as m040 from './040-live-blog.ts';
import * as m041 from './041-link-publication-order.ts';
import * as m042 from './042-preview-links.ts';
import * as m043 from './043-search-and-social.ts';
import * as m044 from './044-article-corrections.ts';
import * as m045 from './045-undescribed-images.ts';
import * as m046 from './046-search-social-text-columns.ts';
import * as m047 from './047-corrections-list-order.ts';
import * as m048 from './048-character-text-columns.ts';
import * as m049 from './049-name-text-columns.ts';
import * as m050 from './050-slug-redirect-record-indexes.ts';
import * as m051 from './051-article-presence.ts';
import * as m052 from './052-article-reads.ts';
import * as m053 from './053-article-notes.ts';
import * as m054 from './054-drafts-by-last-change.ts';
import * as m055 from './055-notes-by-time.ts';
import * as m056 from './056-note-mentions.ts';
import * as m057 from './057-mention-reads.ts';
import * as m058 from './058-note-resolutions.ts';
import * as m059 from './059-note-replies.ts';
import * as m060 from './060-reply-notices.ts';
import * as m061 from './061-note-edits.ts';
import * as m062 from './062-open-notes.ts';
import * as m063 from './063-pinned-stories.ts';
import * as m064 from './064-pin-until.ts';

export interface AppMigration {
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/**
 * Ordered; names never change once released (a database records the names it has run). Add new ones
 * at the end with the next number after the last. The early migrations took the number of the piece of
 * work that added them, so 008-010, 012-013 and 018-027 were never used: those pieces of work changed
 * no table. From 028 on the numbers follow one another. The schema these build is checked against
 * the Kysely `Database` type on both databases (../schema-matches-migrations.test.ts).
 */
export const migrations: Record<string, AppMigration> = {
  '001-initial': m001,
  '002-auth': m002,
  '003-admin': m003,
  '004-social': m004,
  '005-dashboard-counts': m005,
  '006-oidc-token-hashes': m006,
  '007-newsroom': m007,
  '011-login-attempts': m011,
  '014-search': m014,
  '015-archive-indexes': m015,
  '016-social-shares': m016,
  '017-sitemap-index': m017,
  '028-image-references': m028,
  '029-quiet-article-triggers': m029,
  '030-list-by-shown-date': m030,
  '031-article-counts-slots': m031,
  '032-first-revisions': m032,
  '033-modified-time-and-slugs': m033,
  '034-backup-runs': m034,
  '035-article-bodies': m035,
  '036-described-images': m036,
  '037-authors-and-tags': m037,
  '038-revision-autosave': m038,
  '039-live-events': m039,
  '040-live-blog': m040,
  '041-link-publication-order': m041,
  '042-preview-links': m042,
  '043-search-and-social': m043,
  '044-article-corrections': m044,
  '045-undescribed-images': m045,
  '046-search-social-text-columns': m046,
  '047-corrections-list-order': m047,
  '048-character-text-columns': m048,
  '049-name-text-columns': m049,
  '050-slug-redirect-record-indexes': m050,
  '051-article-presence': m051,
  '052-article-reads': m052,
  '053-article-notes': m053,
  '054-drafts-by-last-change': m054,
  '055-notes-by-time': m055,
  '056-note-mentions': m056,
  '057-mention-reads': m057,
  '058-note-resolutions': m058,
  '059-note-replies': m059,
  '060-reply-notices': m060,
  '061-note-edits': m061,
  '062-open-notes': m062,
  '063-pinned-stories': m063,
  '064-pin-until': m064,
};
