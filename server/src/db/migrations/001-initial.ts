import { sql, type Kysely } from 'kysely';
import { CATEGORIES } from '../../../../common/categories.ts';
import type { Dialect } from '../dialect.ts';

/** Categories, articles and the indexes the public list needs. */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('path', 'varchar(50)', (c) => c.notNull().unique())
    .execute();
  await db
    .insertInto('categories')
    .values(CATEGORIES.map((c) => ({ id: c.id, name: c.name, path: c.path })))
    .execute();

  let t = db.schema.createTable('articles');
  t =
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    .addColumn('headline', 'varchar(500)', (c) => c.notNull())
    .addColumn('slug', 'varchar(500)', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('author', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('source', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('editor_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('original_url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_breaking', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addCheckConstraint('articles_rating_range', sql`rating >= 0 and rating <= 10`)
    .execute();

  // Public lists: published, by breaking flag, newest first; and the same within a category.
  await db.schema
    .createIndex('articles_public_idx')
    .on('articles')
    .columns(['is_breaking', 'published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('articles_public_category_idx')
    .on('articles')
    .columns(['category_id', 'is_breaking', 'published_at', 'id'])
    .execute();
  // Article page lookup by slug.
  await db.schema.createIndex('articles_slug_idx').on('articles').column('slug').execute();
}
