import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Corrections of articles (decision 046): each row one note readers see at the foot of the story,
 * dated when it was added. The rows go with their article when it is deleted for good (the foreign
 * key's cascade, on both databases: SQLite runs with foreign keys on). Read by article, newest first.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('article_corrections')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(200)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)')
    .addColumn('updated_by', 'varchar(200)')
    .execute();
  await db.schema
    .createIndex('article_corrections_article_idx')
    .on('article_corrections')
    .columns(['article_id', 'created_at'])
    .execute();
}
