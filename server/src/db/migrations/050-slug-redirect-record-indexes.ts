import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/** Each redirect table of migration 037, its index and the column naming the record. */
export const SLUG_REDIRECT_RECORD_INDEXES = {
  author_slug_redirects: { index: 'author_slug_redirects_author_idx', column: 'author_id' },
  tag_slug_redirects: { index: 'tag_slug_redirects_tag_idx', column: 'tag_id' },
} as const;

/**
 * The earlier slugs of an author or a tag by the record's id. Migration 037 keyed the redirect tables
 * by the old slug only (the public read: where does this address lead), but a rename, a merge and a
 * deletion read a record's earlier slugs for IndexNow (decision 045), a merge moves them to the
 * surviving record and a deletion removes them, all by the record's id: each scanned the whole table.
 * An index on (record id, old slug) serves those, and the earlier slugs come off it in the order they
 * are read (by slug), without the table.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  for (const [table, { index, column }] of Object.entries(SLUG_REDIRECT_RECORD_INDEXES)) {
    await db.schema.createIndex(index).on(table).columns([column, 'old_slug']).execute();
  }
}
