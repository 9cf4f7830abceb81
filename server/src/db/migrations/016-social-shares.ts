import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Sharing published articles to X and Facebook.
 * - articles.share_to_x / share_to_facebook: the article's choice (null: the Social page's default);
 *   articles.share_message: optional text of the posts (null: the headline).
 * - jobs: the durable job queue (server/src/jobs): one row per job, claimed by one worker at a time.
 * - social_shares: one row per article and platform, the state of its post (never a token).
 * - social_settings: key/value settings of the Social page (the sharing defaults).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('articles').addColumn('share_to_x', 'integer').execute();
  await db.schema.alterTable('articles').addColumn('share_to_facebook', 'integer').execute();
  await db.schema.alterTable('articles').addColumn('share_message', 'text').execute();

  let jobs = db.schema.createTable('jobs');
  jobs =
    dialect === 'postgres'
      ? jobs.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : jobs.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await jobs
    .addColumn('kind', 'varchar(60)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // 'ready' | 'running' | 'done' | 'dead'
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('run_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', 'varchar(30)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['state', 'run_at']).execute();

  await db.schema
    .createTable('social_shares')
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('platform', 'varchar(20)', (c) => c.notNull())
    // 'queued' | 'posting' | 'posted' | 'failed' | 'unconfirmed' | 'deleted'
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
    .addPrimaryKeyConstraint('social_shares_pk', ['article_id', 'platform'])
    .execute();
  await db.schema.createIndex('social_shares_state_idx').on('social_shares').columns(['state', 'updated_at']).execute();

  await db.schema
    .createTable('social_settings')
    .addColumn('key', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
