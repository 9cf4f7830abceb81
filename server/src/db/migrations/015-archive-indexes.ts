import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Older stories and the feeds: all published articles newest first (breaking or not), across the site
 * and within a category, read by keyset (published_at, id) straight off these partial indexes.
 * The sitemaps read published articles by id range off the primary key.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  const published = sql<boolean>`published_at is not null`;
  await db.schema
    .createIndex('articles_archive_idx')
    .on('articles')
    .columns(['published_at', 'id'])
    .where(published)
    .execute();
  await db.schema
    .createIndex('articles_archive_category_idx')
    .on('articles')
    .columns(['category_id', 'published_at', 'id'])
    .where(published)
    .execute();
}
