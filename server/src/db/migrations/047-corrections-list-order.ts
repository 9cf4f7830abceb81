import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The page of every correction (/corrections, decision 046) reads the corrections newest first by
 * (created_at, id), 20 a page from a keyset cursor, and joins each to its article by primary key to keep
 * those of published stories; the sitemap's lastmod of the page reads the newest one. An index in that
 * order makes a page a range read of 21 index entries from the cursor (read backwards), on either
 * database, rather than a read and sort of every correction: measured in decision 046.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('article_corrections_created_idx')
    .on('article_corrections')
    .columns(['created_at', 'id'])
    .execute();
}
