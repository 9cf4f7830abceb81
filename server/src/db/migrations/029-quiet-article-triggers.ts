import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Editing an article no longer writes what it does not change, and holds the shared counters as
 * briefly as possible.
 *
 * - article_counts (PostgreSQL): the trigger fired for every statement that set category_id,
 *   published_at or deleted_at, changed or not (an edit sets every field), and updated the
 *   (category, draft?) row twice: one of a dozen rows that every concurrent save then queued on,
 *   holding its lock until the saving transaction committed. Now it fires only when the
 *   counted bucket really changes, and as a deferred constraint trigger: at commit, so the
 *   counter row is locked for the commit alone, not for the audit and revision inserts before it.
 *   (SQLite's triggers already had the WHEN condition; SQLite writers are serialised anyway.)
 * - The search document (both databases) is rebuilt only when the headline, summary or content
 *   really changed, not on every edit that names them.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const textChanged = (same: string) =>
    sql.raw(['headline', 'summary', 'content'].map((c) => `old.${c} ${same} new.${c}`).join(' or '));
  if (dialect === 'postgres') {
    await sql`drop trigger if exists article_counts_track on articles`.execute(db);
    await sql`
      create constraint trigger article_counts_track_insert after insert on articles
      deferrable initially deferred
      for each row execute function article_counts_track()
    `.execute(db);
    await sql`
      create constraint trigger article_counts_track_delete after delete on articles
      deferrable initially deferred
      for each row execute function article_counts_track()
    `.execute(db);
    await sql`
      create constraint trigger article_counts_track_update
      after update of category_id, published_at, deleted_at on articles
      deferrable initially deferred
      for each row
      when (old.category_id is distinct from new.category_id
        or (old.published_at is null) <> (new.published_at is null)
        or (old.deleted_at is null) <> (new.deleted_at is null))
      execute function article_counts_track()
    `.execute(db);

    await sql`drop trigger if exists article_search_track on articles`.execute(db);
    await sql`
      create trigger article_search_track_insert after insert on articles
      for each row execute function article_search_track()
    `.execute(db);
    await sql`
      create trigger article_search_track_update after update of headline, summary, content on articles
      for each row when (${textChanged('is distinct from')})
      execute function article_search_track()
    `.execute(db);
    return;
  }
  await sql`drop trigger if exists articles_fts_update`.execute(db);
  await sql`
    create trigger articles_fts_update after update of headline, summary, content on articles
    when ${textChanged('is not')}
    begin
      insert into articles_fts(articles_fts, rowid, headline, summary, content)
      values ('delete', old.id, old.headline, old.summary, old.content);
      insert into articles_fts(rowid, headline, summary, content) values (new.id, new.headline, new.summary, new.content);
    end
  `.execute(db);
}
