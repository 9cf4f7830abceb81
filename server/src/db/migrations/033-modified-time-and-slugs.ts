import { sql, type Kysely } from 'kysely';
import { slugify } from '../../../../common/slug.ts';
import { MAX_SLUG_LENGTH } from '../../../../common/site.ts';
import type { Dialect } from '../dialect.ts';

/**
 * 1. `articles.modified_at`: the last change of a published article that readers are told about
 *    (an edit not marked minor), shown as "Updated" and given as dateModified, article:modified_time,
 *    the feeds' item update time and the sitemap's lastmod. Null: no such change. Filled from the
 *    history: the newest edit or restore of each article. Only a time later than the publication
 *    counts (see news-repository.ts, modifiedTime).
 * 2. The sitemap's covering index carries what an entry now needs: (id, slug, published_at,
 *    modified_at) instead of (id, slug, updated_at).
 * 3. Slugs keep accented letters in their plain form ("Café" was `caf`, now `cafe`): every article
 *    whose slug the rule now gives differently gets the new slug, and when it has been published
 *    (or was, before the trash) its old slug becomes a redirect, so old links answer 301.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('articles').addColumn('modified_at', 'varchar(40)').execute();
  await sql`
    update articles set modified_at = (
      select max(r.at) from article_revisions r
      where r.article_id = articles.id and r.action in ('edit', 'restore')
    )
    where published_at is not null or trashed_published_at is not null
  `.execute(db);

  await db.schema.dropIndex('articles_sitemap_idx').execute();
  await db.schema
    .createIndex('articles_sitemap_modified_idx')
    .on('articles')
    .columns(['id', 'slug', 'published_at', 'modified_at'])
    .where(sql<boolean>`published_at is not null`)
    .execute();

  await renewSlugs(db);
}

const BATCH = 1_000;

/** Gives every article the slug its headline has under today's rule; published ones keep the old as a redirect. */
export async function renewSlugs(db: Kysely<any>, now = new Date().toISOString()): Promise<number> {
  let after = 0;
  let changed = 0;
  for (;;) {
    const rows: {
      id: number;
      headline: string;
      slug: string;
      published_at: string | null;
      trashed_published_at: string | null;
    }[] = await db
      .selectFrom('articles')
      .select(['id', 'headline', 'slug', 'published_at', 'trashed_published_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return changed;
    after = Number(rows.at(-1)!.id);
    for (const row of rows) {
      const slug = slugify(row.headline);
      if (!slug || slug.length > MAX_SLUG_LENGTH || slug === row.slug) continue;
      const id = Number(row.id);
      // The migration runs in one transaction: all of it or none.
      await db.updateTable('articles').set({ slug }).where('id', '=', id).execute();
      // The new slug is this article's own now: no redirect may point away from it.
      await db.deleteFrom('slug_redirects').where('old_slug', '=', slug).execute();
      if ((row.published_at || row.trashed_published_at) && row.slug.length <= MAX_SLUG_LENGTH) {
        await db
          .insertInto('slug_redirects')
          .values({ old_slug: row.slug, article_id: id, created_at: now })
          .onConflict((oc) => oc.column('old_slug').doUpdateSet({ article_id: id, created_at: now }))
          .execute();
      }
      changed++;
    }
  }
}
