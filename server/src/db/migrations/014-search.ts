import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Full-text search over headline, summary and body, kept current by triggers on articles, whoever
 * writes (API, import, seed, SQL). Drafts are indexed too; the search query keeps published ones only.
 *
 * SQLite: an FTS5 external-content table (the text lives once, in articles; the index refers to
 * articles.id as its rowid), Porter stemming over unicode61 without diacritics.
 *
 * PostgreSQL: article_search holds each article's weighted tsvector (headline A, summary B, body C,
 * English configuration) with a GIN index; queried with websearch_to_tsquery. A side table rather
 * than a column keeps `select *` of articles unchanged.
 */
/** Fills article_search from the articles (PostgreSQL; the migration and bulk loads share it). */
export const REBUILD_ARTICLE_SEARCH_PG = sql`
  insert into article_search (id, document)
  select id, article_search_document(headline, summary, content) from articles
  on conflict (id) do update set document = excluded.document
`;

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`
      create table article_search (
        id integer primary key references articles(id) on delete cascade,
        document tsvector not null
      )
    `.execute(db);
    await sql`
      create function article_search_document(headline text, summary text, content text) returns tsvector
      language sql immutable as $$
        select setweight(to_tsvector('english', coalesce(headline, '')), 'A')
            || setweight(to_tsvector('english', coalesce(summary, '')), 'B')
            || setweight(to_tsvector('english', coalesce(content, '')), 'C')
      $$
    `.execute(db);
    await REBUILD_ARTICLE_SEARCH_PG.execute(db);
    await sql`create index article_search_document_idx on article_search using gin (document)`.execute(db);
    await sql`
      create function article_search_track() returns trigger language plpgsql as $$
      begin
        insert into article_search (id, document)
        values (new.id, article_search_document(new.headline, new.summary, new.content))
        on conflict (id) do update set document = excluded.document;
        return null;
      end $$
    `.execute(db);
    await sql`
      create trigger article_search_track after insert or update of headline, summary, content on articles
      for each row execute function article_search_track()
    `.execute(db);
    return;
  }

  await sql`
    create virtual table articles_fts using fts5(
      headline, summary, content,
      content='articles', content_rowid='id',
      tokenize='porter unicode61 remove_diacritics 2'
    )
  `.execute(db);
  await sql`insert into articles_fts(articles_fts) values ('rebuild')`.execute(db);
  const add = sql.raw(`
    insert into articles_fts(rowid, headline, summary, content) values (new.id, new.headline, new.summary, new.content);`);
  const remove = sql.raw(`
    insert into articles_fts(articles_fts, rowid, headline, summary, content)
    values ('delete', old.id, old.headline, old.summary, old.content);`);
  await sql`create trigger articles_fts_insert after insert on articles begin ${add} end`.execute(db);
  await sql`create trigger articles_fts_delete after delete on articles begin ${remove} end`.execute(db);
  await sql`
    create trigger articles_fts_update after update of headline, summary, content on articles
    begin ${remove} ${add} end
  `.execute(db);
}
