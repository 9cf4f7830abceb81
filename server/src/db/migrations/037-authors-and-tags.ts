import type { Kysely } from 'kysely';
import { slugify } from '../../../../common/slug.ts';
import { splitByline } from '../../../../common/byline.ts';
import { MAX_SLUG_LENGTH } from '../../../../common/site.ts';
import type { Dialect } from '../dialect.ts';

/**
 * Authors and tags as records (decision 034):
 * - `authors` (name, unique slug, bio, photo, X handle) and `article_authors` (the byline's order);
 * - `tags` (name, unique slug) and `article_tags`;
 * - `author_slug_redirects` and `tag_slug_redirects`: a renamed author's or tag's earlier slugs, so
 *   old addresses answer 301.
 * `articles.author` stays: it is the byline as one display string ("A and B"), kept in step with
 * `article_authors` by every writer, and what the lists, feeds and search read.
 * Existing bylines become authors by the conservative rule of common/byline.ts (splitByline): split
 * on ", ", " and ", " & " only when every part has at least two words; the same name is one author.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (table: ReturnType<Kysely<any>['schema']['createTable']>) =>
    table.addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
  await id(db.schema.createTable('authors'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo_url', 'varchar(2000)')
    .addColumn('photo_image_id', 'varchar(32)')
    .addColumn('x_handle', 'varchar(15)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('authors_photo_idx').on('authors').column('photo_image_id').execute();
  await db.schema
    .createTable('article_authors')
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_authors_pk', ['article_id', 'author_id'])
    .execute();
  await db.schema
    .createIndex('article_authors_author_idx')
    .on('article_authors')
    .columns(['author_id', 'article_id'])
    .execute();

  await id(db.schema.createTable('tags'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('article_tags')
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('tag_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_tags_pk', ['article_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('article_tags_tag_idx').on('article_tags').columns(['tag_id', 'article_id']).execute();

  for (const [table, column] of [
    ['author_slug_redirects', 'author_id'],
    ['tag_slug_redirects', 'tag_id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('old_slug', 'varchar(200)', (c) => c.primaryKey())
      .addColumn(column, 'integer', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
  }

  await bylinesToAuthors(db);
}

const BATCH = 1_000;

/** Turns every article's free-text byline into author records and links (the rule above). */
export async function bylinesToAuthors(db: Kysely<any>, now = new Date().toISOString()): Promise<void> {
  const bySlug = new Map<string, number>();
  let after = 0;
  for (;;) {
    const rows: { id: number; author: string }[] = await db
      .selectFrom('articles')
      .select(['id', 'author'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    after = Number(rows.at(-1)!.id);
    for (const row of rows) {
      const seen = new Set<number>();
      let position = 0;
      for (const name of splitByline(row.author ?? '')) {
        const slug = slugify(name).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '');
        if (!slug || name.length > 200) continue;
        let authorId = bySlug.get(slug);
        if (authorId === undefined) {
          const created = await db
            .insertInto('authors')
            .values({ name, slug, bio: '', created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          authorId = Number(created.id);
          bySlug.set(slug, authorId);
        }
        if (seen.has(authorId)) continue;
        seen.add(authorId);
        await db
          .insertInto('article_authors')
          .values({ article_id: Number(row.id), author_id: authorId, position: position++ })
          .execute();
      }
    }
  }
}
