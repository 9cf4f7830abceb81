import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Live blogs (decision 037):
 * - articles.live_started_at / live_ended_at: the coverage of a live article (null, null: not live;
 *   started and not ended: running; both set: ended). Starting again clears live_ended_at.
 * - live_entries: one row per entry of a live article, its body in the story body format (JSON
 *   text), soft-deleted (deleted_at) so an entry id never comes back, versioned for corrections.
 *   Readers get them newest first (posted_at, then id): live_entries_article_idx serves that read.
 * - live_entry_revisions: every post, correction and deletion of an entry, with its body then.
 * - social_shares.entry_id: 0 for an article's own post (every existing row), else the key event
 *   entry the post announces. The primary key becomes (article_id, platform, entry_id).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('articles').addColumn('live_started_at', 'varchar(40)').execute();
  await db.schema.alterTable('articles').addColumn('live_ended_at', 'varchar(40)').execute();

  const id = (table: ReturnType<Kysely<any>['schema']['createTable']>) =>
    table.addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
  await id(db.schema.createTable('live_entries'))
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('key_event', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('share_to_x', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('share_to_facebook', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('editor_subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('editor_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('posted_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)')
    .addColumn('deleted_at', 'varchar(40)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Newest first per article, deleted ones left out (a partial index on both databases).
  await db.schema
    .createIndex('live_entries_article_idx')
    .on('live_entries')
    .columns(['article_id', 'posted_at desc', 'id desc'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await id(db.schema.createTable('live_entry_revisions'))
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('key_event', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('editor_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('live_entry_revisions_entry_idx')
    .on('live_entry_revisions')
    .columns(['entry_id', 'version'])
    .execute();

  if (dialect === 'postgres') {
    await db.schema
      .alterTable('social_shares')
      .addColumn('entry_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`alter table social_shares drop constraint social_shares_pk`.execute(db);
    await sql`alter table social_shares add constraint social_shares_pk primary key (article_id, platform, entry_id)`.execute(
      db,
    );
  } else {
    // SQLite cannot change a primary key: the table is built again with the new one.
    await db.schema
      .createTable('social_shares_new')
      .addColumn('article_id', 'integer', (c) => c.notNull())
      .addColumn('platform', 'varchar(20)', (c) => c.notNull())
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('link', 'text', (c) => c.notNull())
      .addColumn('post_id', 'varchar(100)')
      .addColumn('post_url', 'text')
      .addColumn('reason', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'varchar(30)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('entry_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('social_shares_pk', ['article_id', 'platform', 'entry_id'])
      .execute();
    await sql`insert into social_shares_new (article_id, platform, state, message, link, post_id, post_url, reason,
      attempts, next_attempt_at, created_at, updated_at, entry_id)
      select article_id, platform, state, message, link, post_id, post_url, reason, attempts, next_attempt_at,
      created_at, updated_at, 0 from social_shares`.execute(db);
    await db.schema.dropTable('social_shares').execute();
    await db.schema.alterTable('social_shares_new').renameTo('social_shares').execute();
    await db.schema
      .createIndex('social_shares_state_idx')
      .on('social_shares')
      .columns(['state', 'updated_at'])
      .execute();
  }
}
