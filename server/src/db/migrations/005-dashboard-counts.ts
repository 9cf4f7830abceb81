import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * What the dashboard and the drafts filter need to stay fast at a million articles.
 *
 * article_hour_counts: how many articles were created in each UTC hour (`hour` is the first 13
 * characters of created_at, '2026-11-22T02'), kept exact by triggers on every insert, delete and
 * change of created_at, whoever writes (API, import, seed, SQL). The dashboard's "last week"
 * figure then sums the ~168 whole hours after the cut-off and counts only the cut-off's own hour
 * on the index, instead of walking a week of index entries (~9,600 at a million articles).
 *
 * On PostgreSQL, partial indexes of the drafts alone (newest first, and by category): the drafts
 * filter then reads its page straight off a small index instead of filtering the whole list's.
 * SQLite already walks articles_admin_draft_idx in order (see AdminArticlesRepository.filtered).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await createArticleHourCounts(db, dialect);
  if (dialect === 'postgres') {
    const draft = sql<boolean>`published_at is null`;
    await db.schema
      .createIndex('articles_admin_drafts_only_idx')
      .on('articles')
      .columns(['created_at', 'id'])
      .where(draft)
      .execute();
    await db.schema
      .createIndex('articles_admin_category_drafts_only_idx')
      .on('articles')
      .columns(['category_id', 'created_at', 'id'])
      .where(draft)
      .execute();
  }
}

/** The SQL that fills article_hour_counts from the articles (the migration and bulk loads share it). */
export const REBUILD_ARTICLE_HOUR_COUNTS = sql`
  insert into article_hour_counts (hour, n)
  select substr(created_at, 1, 13), count(*) from articles group by substr(created_at, 1, 13)
`;

export async function createArticleHourCounts(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('article_hour_counts')
    .addColumn('hour', 'varchar(13)', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await REBUILD_ARTICLE_HOUR_COUNTS.execute(db);

  if (dialect === 'postgres') {
    await sql`
      create function article_hour_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and substr(old.created_at, 1, 13) = substr(new.created_at, 1, 13) then
          return null;
        end if;
        if tg_op in ('DELETE', 'UPDATE') then
          update article_hour_counts set n = n - 1 where hour = substr(old.created_at, 1, 13);
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into article_hour_counts (hour, n) values (substr(new.created_at, 1, 13), 1)
          on conflict (hour) do update set n = article_hour_counts.n + 1;
        end if;
        return null;
      end $$
    `.execute(db);
    await sql`
      create trigger article_hour_counts_track after insert or delete or update of created_at on articles
      for each row execute function article_hour_counts_track()
    `.execute(db);
    return;
  }
  const increment = sql.raw(`
    insert into article_hour_counts (hour, n) values (substr(new.created_at, 1, 13), 1)
    on conflict (hour) do update set n = n + 1;`);
  const decrement = sql.raw(`
    update article_hour_counts set n = n - 1 where hour = substr(old.created_at, 1, 13);`);
  await sql`create trigger article_hour_counts_insert after insert on articles begin ${increment} end`.execute(db);
  await sql`create trigger article_hour_counts_delete after delete on articles begin ${decrement} end`.execute(db);
  await sql`
    create trigger article_hour_counts_update after update of created_at on articles
    when substr(old.created_at, 1, 13) is not substr(new.created_at, 1, 13)
    begin ${decrement} ${increment} end
  `.execute(db);
}
