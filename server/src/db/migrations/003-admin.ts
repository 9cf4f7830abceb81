import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The admin area: the audit trail, editors' last activity, and the indexes the admin
 * article list needs to stay fast at a million rows (newest first, by status and category).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  let audit = db.schema.createTable('audit_log');
  audit =
    dialect === 'postgres'
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

  // Admin list, newest first (created_at desc, id desc), for every filter combination; the
  // ids of a page come from the index alone (covering), then only that page's rows are read.
  //   all                      (created_at, id)
  //   drafts                   (published_at, created_at, id): published_at IS NULL is an equality
  //   published                (created_at, id, published_at) partial: only published rows
  //   category                 (category_id, created_at, id)
  //   category + drafts        (category_id, published_at, created_at, id)
  //   category + published     (category_id, created_at, id, published_at) partial
  // Counts come from article_counts (below), not from walking these indexes.
  const published = sql<boolean>`published_at is not null`;
  await db.schema.createIndex('articles_admin_idx').on('articles').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('articles_admin_draft_idx')
    .on('articles')
    .columns(['published_at', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('articles_admin_published_idx')
    .on('articles')
    .columns(['created_at', 'id', 'published_at'])
    .where(published)
    .execute();
  await db.schema
    .createIndex('articles_admin_category_idx')
    .on('articles')
    .columns(['category_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('articles_admin_category_draft_idx')
    .on('articles')
    .columns(['category_id', 'published_at', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('articles_admin_category_published_idx')
    .on('articles')
    .columns(['category_id', 'created_at', 'id', 'published_at'])
    .where(published)
    .execute();

  await createArticleCounts(db, dialect);
}

/** The SQL that fills article_counts from the articles (the migration and bulk loads share it). */
export const REBUILD_ARTICLE_COUNTS = sql`
  insert into article_counts (category_id, is_draft, n)
  select category_id, case when published_at is null then 1 else 0 end, count(*)
  from articles
  group by category_id, case when published_at is null then 1 else 0 end
`;

/**
 * article_counts: how many articles each (category, draft?) pair has, kept exact by triggers
 * on every insert, delete and change of category or publication, whoever writes (API, import,
 * seed). The admin list's totals and the dashboard then cost a 12-row read instead of a count
 * over up to a million index entries (70 ms on SQLite, worse on PostgreSQL).
 */
export async function createArticleCounts(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('article_counts')
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('is_draft', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('article_counts_pk', ['category_id', 'is_draft'])
    .execute();
  await REBUILD_ARTICLE_COUNTS.execute(db);

  if (dialect === 'postgres') {
    await sql`
      create function article_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update article_counts set n = n - 1
          where category_id = old.category_id and is_draft = (case when old.published_at is null then 1 else 0 end);
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into article_counts (category_id, is_draft, n)
          values (new.category_id, case when new.published_at is null then 1 else 0 end, 1)
          on conflict (category_id, is_draft) do update set n = article_counts.n + 1;
        end if;
        return null;
      end $$
    `.execute(db);
    await sql`
      create trigger article_counts_track after insert or delete or update of category_id, published_at on articles
      for each row execute function article_counts_track()
    `.execute(db);
    return;
  }
  const increment = (row: 'new') =>
    sql.raw(`
    insert into article_counts (category_id, is_draft, n)
    values (${row}.category_id, ${row}.published_at is null, 1)
    on conflict (category_id, is_draft) do update set n = n + 1;`);
  const decrement = (row: 'old') =>
    sql.raw(`
    update article_counts set n = n - 1
    where category_id = ${row}.category_id and is_draft = (${row}.published_at is null);`);
  await sql`create trigger article_counts_insert after insert on articles begin ${increment('new')} end`.execute(db);
  await sql`create trigger article_counts_delete after delete on articles begin ${decrement('old')} end`.execute(db);
  await sql`
    create trigger article_counts_update after update of category_id, published_at on articles
    when old.category_id is not new.category_id or (old.published_at is null) is not (new.published_at is null)
    begin ${decrement('old')} ${increment('new')} end
  `.execute(db);
}
