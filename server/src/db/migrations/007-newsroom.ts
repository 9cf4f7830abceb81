import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The newsroom writes: versions, schedules, the trash, revisions and slug redirects.
 *
 * articles gains
 *   version      1, then one more with every change (optimistic locking: a stale edit is refused)
 *   publish_at   when a scheduled article goes out (null: no schedule)
 *   deleted_at   when it went to the trash (null: not deleted); a trashed article keeps its
 *                publication time in trashed_published_at and has published_at null, so every
 *                public query already treats it as gone
 *   updated_by   display name of the editor of the latest change
 *
 * article_counts and article_hour_counts now count only articles outside the trash (their triggers
 * look at deleted_at too), so the list totals and the dashboard stay small reads and agree with
 * what editors see.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('articles')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  for (const column of ['publish_at', 'deleted_at', 'trashed_published_at']) {
    await db.schema.alterTable('articles').addColumn(column, 'varchar(40)').execute();
  }
  await db.schema.alterTable('articles').addColumn('updated_by', 'varchar(300)').execute();

  // The scheduler's and the trash's reads: both sets are small, so partial indexes.
  await db.schema
    .createIndex('articles_publish_at_idx')
    .on('articles')
    .columns(['publish_at', 'id'])
    .where(sql<boolean>`publish_at is not null`)
    .execute();
  await db.schema
    .createIndex('articles_deleted_at_idx')
    .on('articles')
    .columns(['deleted_at', 'id'])
    .where(sql<boolean>`deleted_at is not null`)
    .execute();

  // The dashboard's recent articles, by the date the list shows (publication, else creation).
  await db.schema
    .createIndex('articles_shown_date_idx')
    .on('articles')
    .expression(sql`coalesce(published_at, created_at), id`)
    .execute();

  let revisions = db.schema.createTable('article_revisions');
  revisions =
    dialect === 'postgres'
      ? revisions.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : revisions.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await revisions
    // No foreign key: a purged article's history goes with it explicitly (see the purge).
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(30)', (c) => c.notNull())
    .addColumn('editor_subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('editor_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .addColumn('changed_fields', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('article_revisions_article_idx')
    .on('article_revisions')
    .columns(['article_id', 'id'])
    .execute();

  await db.schema
    .createTable('slug_redirects')
    .addColumn('old_slug', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('slug_redirects_article_idx').on('slug_redirects').column('article_id').execute();

  // The audit view filters by editor and by action, newest first.
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_name', 'id']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();

  await countOnlyOutsideTrash(db, dialect);
}

/** Fills article_counts from the articles outside the trash. */
export const REBUILD_ARTICLE_COUNTS_OUTSIDE_TRASH = sql`
  insert into article_counts (category_id, is_draft, n)
  select category_id, case when published_at is null then 1 else 0 end, count(*)
  from articles
  where deleted_at is null
  group by category_id, case when published_at is null then 1 else 0 end
`;

async function countOnlyOutsideTrash(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop trigger if exists article_counts_track on articles`.execute(db);
    await sql`
      create or replace function article_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') and old.deleted_at is null then
          update article_counts set n = n - 1
          where category_id = old.category_id and is_draft = (case when old.published_at is null then 1 else 0 end);
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
          insert into article_counts (category_id, is_draft, n)
          values (new.category_id, case when new.published_at is null then 1 else 0 end, 1)
          on conflict (category_id, is_draft) do update set n = article_counts.n + 1;
        end if;
        return null;
      end $$
    `.execute(db);
    await sql`
      create trigger article_counts_track
      after insert or delete or update of category_id, published_at, deleted_at on articles
      for each row execute function article_counts_track()
    `.execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists article_counts_${t}`).execute(db);
    const increment = sql.raw(`
      insert into article_counts (category_id, is_draft, n)
      select new.category_id, new.published_at is null, 1 where new.deleted_at is null
      on conflict (category_id, is_draft) do update set n = n + 1;`);
    const decrement = sql.raw(`
      update article_counts set n = n - 1
      where category_id = old.category_id and is_draft = (old.published_at is null) and old.deleted_at is null;`);
    await sql`create trigger article_counts_insert after insert on articles begin ${increment} end`.execute(db);
    await sql`create trigger article_counts_delete after delete on articles begin ${decrement} end`.execute(db);
    await sql`
      create trigger article_counts_update after update of category_id, published_at, deleted_at on articles
      when old.category_id is not new.category_id
        or (old.published_at is null) is not (new.published_at is null)
        or (old.deleted_at is null) is not (new.deleted_at is null)
      begin ${decrement} ${increment} end
    `.execute(db);
  }
  await sql`delete from article_counts`.execute(db);
  await REBUILD_ARTICLE_COUNTS_OUTSIDE_TRASH.execute(db);
  await hourCountsOnlyOutsideTrash(db, dialect);
}

/** Fills article_hour_counts from the articles outside the trash. */
export const REBUILD_ARTICLE_HOUR_COUNTS_OUTSIDE_TRASH = sql`
  insert into article_hour_counts (hour, n)
  select substr(created_at, 1, 13), count(*) from articles where deleted_at is null
  group by substr(created_at, 1, 13)
`;

async function hourCountsOnlyOutsideTrash(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop trigger if exists article_hour_counts_track on articles`.execute(db);
    await sql`
      create or replace function article_hour_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and substr(old.created_at, 1, 13) = substr(new.created_at, 1, 13)
          and (old.deleted_at is null) = (new.deleted_at is null) then
          return null;
        end if;
        if tg_op in ('DELETE', 'UPDATE') and old.deleted_at is null then
          update article_hour_counts set n = n - 1 where hour = substr(old.created_at, 1, 13);
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
          insert into article_hour_counts (hour, n) values (substr(new.created_at, 1, 13), 1)
          on conflict (hour) do update set n = article_hour_counts.n + 1;
        end if;
        return null;
      end $$
    `.execute(db);
    await sql`
      create trigger article_hour_counts_track after insert or delete or update of created_at, deleted_at on articles
      for each row execute function article_hour_counts_track()
    `.execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger if exists article_hour_counts_${t}`).execute(db);
    }
    const increment = sql.raw(`
      insert into article_hour_counts (hour, n)
      select substr(new.created_at, 1, 13), 1 where new.deleted_at is null
      on conflict (hour) do update set n = n + 1;`);
    const decrement = sql.raw(`
      update article_hour_counts set n = n - 1
      where hour = substr(old.created_at, 1, 13) and old.deleted_at is null;`);
    await sql`create trigger article_hour_counts_insert after insert on articles begin ${increment} end`.execute(db);
    await sql`create trigger article_hour_counts_delete after delete on articles begin ${decrement} end`.execute(db);
    await sql`
      create trigger article_hour_counts_update after update of created_at, deleted_at on articles
      when substr(old.created_at, 1, 13) is not substr(new.created_at, 1, 13)
        or (old.deleted_at is null) is not (new.deleted_at is null)
      begin ${decrement} ${increment} end
    `.execute(db);
  }
  await sql`delete from article_hour_counts`.execute(db);
  await REBUILD_ARTICLE_HOUR_COUNTS_OUTSIDE_TRASH.execute(db);
}
