import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The admin list (and the dashboard's recent articles) in the order of the date each row shows:
 * the publication time, otherwise the creation time (drafts, scheduled articles until they go out,
 * and articles in the trash, whose publication time is put aside). Queries repeat
 * ARTICLE_SHOWN_DATE word for word so either database uses the indexes below.
 *
 * The list's indexes, newest (or oldest) first by that date, then id, for every filter:
 *   all (not in the trash), and the dashboard   (shown, id)               where deleted_at is null
 *   category                                    (category_id, shown, id)  where deleted_at is null
 *   published                                   (shown, id)               where published_at is not null
 *   category + published                        (category_id, shown, id)  where published_at is not null
 *   drafts (and drafts without a schedule)      (shown, id)               where unpublished, not in the trash
 *   category + drafts                           (category_id, shown, id)  where unpublished, not in the trash
 * Scheduled articles and the trash are small sets: their partial indexes of migration 007 find
 * them and the page is sorted. A page's ids come from the index alone (on PostgreSQL both dates
 * are included, as its planner asks every column the expression reads for an index-only scan),
 * then only that page's rows are read.
 *
 * The indexes that ordered the list by creation go (created_at, id stays: the dashboard counts
 * the last week on it), and so does the dashboard's index of migration 007 on the same date, which
 * the list's first index (the rows not in the trash) now serves.
 */
export const ARTICLE_SHOWN_DATE = sql.raw<string>('coalesce(published_at, created_at)');

const NOT_DELETED = sql.raw<boolean>('deleted_at is null');
const PUBLISHED = sql.raw<boolean>('published_at is not null');
const UNPUBLISHED = sql.raw<boolean>('published_at is null and deleted_at is null');

const OLD_INDEXES = [
  'articles_admin_draft_idx',
  'articles_admin_published_idx',
  'articles_admin_category_idx',
  'articles_admin_category_draft_idx',
  'articles_admin_category_published_idx',
  // PostgreSQL only (migration 005): "if exists" below.
  'articles_admin_drafts_only_idx',
  'articles_admin_category_drafts_only_idx',
  'articles_shown_date_idx',
];

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const index = async (name: string, byCategory: boolean, where: typeof NOT_DELETED) => {
    const key = sql.join([...(byCategory ? [sql.ref('category_id')] : []), ARTICLE_SHOWN_DATE, sql.ref('id')]);
    if (dialect === 'postgres') {
      await sql`create index ${sql.ref(name)} on articles (${key}) include (published_at, created_at) where ${where}`.execute(
        db,
      );
    } else {
      await db.schema.createIndex(name).on('articles').expression(key).where(where).execute();
    }
  };
  await index('articles_list_idx', false, NOT_DELETED);
  await index('articles_list_category_idx', true, NOT_DELETED);
  await index('articles_list_published_idx', false, PUBLISHED);
  await index('articles_list_category_published_idx', true, PUBLISHED);
  await index('articles_list_unpublished_idx', false, UNPUBLISHED);
  await index('articles_list_category_unpublished_idx', true, UNPUBLISHED);
  for (const name of OLD_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
