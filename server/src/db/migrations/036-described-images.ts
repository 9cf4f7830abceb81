import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Described images (decision 033).
 *
 * 1. `images`: the picture library, one row per upload (id = the upload's 32-hex id): its size, the
 *    library's description (alt, caption, credit: what the form offers when the picture is chosen
 *    again) and its focal point (0..1 from the left and from the top, 0.5 the centre), which every
 *    crop keeps in frame. Rows are written by the upload; pictures uploaded before this migration get
 *    theirs when something refers to them (the article form saving it, a PATCH, a crop request).
 * 2. `articles` gain the lead image's description as the article shows it (alt, caption, credit; empty:
 *    none, an empty alt counts as missing: publishing or scheduling again needs one) and a copy of its
 *    focal point (the image's, copied on save and on every change of the image's focal point) so the
 *    public reads need no join.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const fraction = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('images')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('alt', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('caption', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('credit', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('focal_x', fraction, (c) => c.notNull().defaultTo(0.5))
    .addColumn('focal_y', fraction, (c) => c.notNull().defaultTo(0.5))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('uploaded_by', 'varchar(300)')
    .execute();
  // The library lists newest first.
  await db.schema.createIndex('images_created_idx').on('images').columns(['created_at', 'id']).execute();

  await db.schema
    .alterTable('articles')
    .addColumn('image_alt', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('articles')
    .addColumn('image_caption', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('articles')
    .addColumn('image_credit', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('articles')
    .addColumn('image_focal_x', fraction, (c) => c.notNull().defaultTo(0.5))
    .execute();
  await db.schema
    .alterTable('articles')
    .addColumn('image_focal_y', fraction, (c) => c.notNull().defaultTo(0.5))
    .execute();
  // Nothing to fill: every existing alt is empty, which counts as missing (see the decision).
}
