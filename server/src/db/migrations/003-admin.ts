import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * The admin area: the audit trail, editors' last activity, and the indexes the admin
 * article list needs to stay fast at a million rows (newest first, by status and category).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  let audit = db.schema.createTable('audit_log');
  audit = dialect === 'postgres'
    ? audit.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : audit.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await audit
    .addColumn('action', 'varchar(30)', (c) => c.notNull())
    // No foreign key: the trail outlives the article it describes.
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('actor_subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('actor_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_log_article_idx').on('audit_log').columns(['article_id', 'id']).execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();

  await db.schema
    .createTable('editor_activity')
    .addColumn('subject', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('username', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_seen_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('editor_activity_seen_idx').on('editor_activity').column('last_seen_at').execute();

  // Admin list, newest first: all, drafts only, published only; then the same within a category.
  // Partial indexes keep every status filter an index range scan (and its count an index-only count).
  const published = sql<boolean>`published_at is not null`;
  const draft = sql<boolean>`published_at is null`;
  await db.schema.createIndex('articles_admin_idx').on('articles').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('articles_admin_published_idx').on('articles').columns(['created_at', 'id']).where(published).execute();
  await db.schema.createIndex('articles_admin_draft_idx').on('articles').columns(['created_at', 'id']).where(draft).execute();
  await db.schema.createIndex('articles_admin_category_idx').on('articles').columns(['category_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('articles_admin_category_published_idx')
    .on('articles')
    .columns(['category_id', 'created_at', 'id'])
    .where(published)
    .execute();
  await db.schema
    .createIndex('articles_admin_category_draft_idx')
    .on('articles')
    .columns(['category_id', 'created_at', 'id'])
    .where(draft)
    .execute();
}
