import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Notes on an article (decision 058): short internal notes editors leave each other, never shown to
 * readers. Each row keeps its author's subject (who may delete it, as the audit trail names editors) and
 * display name. The rows go with their article when it is deleted for good (the foreign key's cascade,
 * on both databases: SQLite runs with foreign keys on). Read by article, newest first.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('article_notes')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('author_subject', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('article_notes_article_idx')
    .on('article_notes')
    .columns(['article_id', 'created_at', 'id'])
    .execute();
}
