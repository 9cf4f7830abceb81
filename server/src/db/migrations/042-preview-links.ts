import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Preview links (decision 042): at most one per article (a new link replaces the old one), found
 * by the SHA-256 of its token, never by the token itself (which is not stored). The row goes with
 * its article when that is deleted for good (the purge deletes it).
 *
 * Publishing an article ends its link: `ended_at` is set, and from then on the link leads to the
 * public article until it expires, and never shows the article again should it become a draft
 * again. A trigger sets it on both databases whichever way the article goes out (Publish, the
 * scheduler, a restore from the trash), so no writer has to know about links and a publication
 * costs no extra round trip.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('preview_links')
    .addColumn('article_id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(200)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ended_at', 'varchar(30)')
    .execute();

  if (dialect === 'postgres') {
    await sql`
      create function preview_links_end() returns trigger language plpgsql as $$
      begin
        update preview_links set ended_at = new.published_at where article_id = new.id and ended_at is null;
        return null;
      end $$
    `.execute(db);
    await sql`
      create trigger articles_preview_links_end after update of published_at on articles
      for each row when (old.published_at is null and new.published_at is not null)
      execute function preview_links_end()
    `.execute(db);
    return;
  }
  await sql`
    create trigger articles_preview_links_end after update of published_at on articles
    when old.published_at is null and new.published_at is not null
    begin
      update preview_links set ended_at = new.published_at where article_id = new.id and ended_at is null;
    end
  `.execute(db);
}
