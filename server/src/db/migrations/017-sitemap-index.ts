import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Sitemap files list published articles by id range (id, slug, updated_at). Read off the primary key,
 * a range of 50,000 ids reads 50,000 whole rows (headline, summary and body included: hundreds of
 * megabytes at scale); this partial covering index holds just those three columns, so a file is an
 * index-only range scan.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('articles_sitemap_idx')
    .on('articles')
    .columns(['id', 'slug', 'updated_at'])
    .where(sql<boolean>`published_at is not null`)
    .execute();
}
