import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/** How many counter rows each (category, draft?) pair is spread over on PostgreSQL. */
export const ARTICLE_COUNT_SLOTS = 16;

/**
 * article_counts on PostgreSQL: each (category, draft?) total is spread over up to 16 rows
 * (`slot`), and the total is their sum (the readers already sum).
 *
 * With one row per pair, every publish, unpublish, move to the trash or new article of a category
 * updated the same row at its commit. Concurrent commits then queued on that row's lock, one
 * WAL flush after another, and a holder that lost its core for a moment on a busy machine held
 * up all the others: the longest waits of publishing under load were these queues. Now a
 * transaction adds its change to the slot of its own database connection
 * (`pg_backend_pid() % 16`): the connections of a pool write different rows, so their commits no
 * longer wait for each other and flush together. A decrement that finds no row in its slot
 * inserts one with a negative count; only the sum means anything.
 *
 * SQLite keeps one row per pair: it serialises writers anyway, so there is nothing to spread.
 * Bulk loads refill the table in slot 0 (the column's default).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`alter table article_counts add column slot smallint not null default 0`.execute(db);
  await sql`alter table article_counts drop constraint article_counts_pk`.execute(db);
  await sql`alter table article_counts add constraint article_counts_pk primary key (category_id, is_draft, slot)`.execute(
    db,
  );
  await sql`
    create or replace function article_counts_track() returns trigger language plpgsql as $$
      declare
        s smallint := pg_backend_pid() % ${sql.lit(ARTICLE_COUNT_SLOTS)};
      begin
        if tg_op in ('DELETE', 'UPDATE') and old.deleted_at is null then
          insert into article_counts (category_id, is_draft, slot, n)
          values (old.category_id, case when old.published_at is null then 1 else 0 end, s, -1)
          on conflict (category_id, is_draft, slot) do update set n = article_counts.n - 1;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
          insert into article_counts (category_id, is_draft, slot, n)
          values (new.category_id, case when new.published_at is null then 1 else 0 end, s, 1)
          on conflict (category_id, is_draft, slot) do update set n = article_counts.n + 1;
        end if;
        return null;
      end $$
  `.execute(db);
}
