import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import type { ArchiveRow } from './archive-repository.ts';
import { LIST_COLUMNS, PUBLISHED } from './published-articles.ts';
import { fts5Query, parseSearchQuery, websearchText } from '../domain/search-query.ts';

/**
 * Full-text search of published articles (migration 014): SQLite FTS5 ranked by bm25 with headline
 * weighted over summary over body; PostgreSQL websearch_to_tsquery over the weighted tsvector (GIN
 * index), ranked by ts_rank among the newest PG_RANKED_MATCHES matches. Each hit comes with its headline
 * whole and a snippet of its summary and body (never the headline again, which the result shows
 * above it: a story found by its headline alone gets its summary's start), the matching words
 * between SNIPPET_OPEN and SNIPPET_CLOSE (private-use characters), for markSnippet() to turn into
 * escaped HTML.
 */

export const SNIPPET_OPEN = '\uE000';
export const SNIPPET_CLOSE = '\uE001';

/**
 * PostgreSQL ranks at most this many matches of a query: the newest published ones. ts_rank needs
 * each match's tsvector (the GIN index only finds matches), so ranking every match of a common word
 * reads a million documents (seconds); the newest 2,000 take tens of milliseconds. It is more than
 * the 1,000 results a reader can page through (100 pages of 10). A query matching more articles
 * finds the best of its newest 2,000 matches; older ones need a narrower query.
 */
export const PG_RANKED_MATCHES = 2_000;

export interface SearchRow extends ArchiveRow {
  /** The headline with its matching words marked. */
  marked_headline: string;
  /** Words of the summary and body around the matches (their start when only the headline matched). */
  snippet: string;
}

export class SearchRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Ranked published matches, `limit` from `offset`; [] when the query has nothing to find (domain/search-query.ts). */
  async search(q: string, limit: number, offset: number): Promise<SearchRow[]> {
    const query = parseSearchQuery(q);
    if (!query) return [];
    if (this.dialect === 'postgres') {
      // websearch_to_tsquery is written out in each place (not a CTE the query joins) so the planner
      // sees a constant and estimates how many articles match: for a common word it walks the
      // archive index newest first and stops after PG_RANKED_MATCHES matches; for a rare one it takes
      // the GIN index and sorts the few matches.
      const tsquery = sql`websearch_to_tsquery('english', ${websearchText(query)})`;
      // One search is a few milliseconds of one core: parallel workers would only add their start-up
      // (and take the second core from the other searches), so this transaction runs without them.
      const { rows } = await this.db.transaction().execute(async (trx) => {
        await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
        return sql<SearchRow>`
          with candidates as (
            select articles.id, articles.published_at, ts_rank(article_search.document, ${tsquery}) as rank
            from articles
            join article_search on article_search.id = articles.id
            where article_search.document @@ ${tsquery} and ${PUBLISHED}
            order by articles.published_at desc, articles.id desc
            limit ${PG_RANKED_MATCHES}
          ),
          hits as (
            select id, rank from candidates
            order by rank desc, published_at desc, id desc
            limit ${limit} offset ${offset}
          )
          select articles.id, articles.slug, articles.headline, articles.summary, articles.author,
            articles.category_id, articles.source, articles.image_url, articles.original_url,
            articles.published_at, articles.is_breaking,
            ts_headline('english', articles.headline, ${tsquery},
              ${`StartSel=${SNIPPET_OPEN}, StopSel=${SNIPPET_CLOSE}, HighlightAll=true`}
            ) as marked_headline,
            ts_headline('english', articles.summary || ' ' || articles.content, ${tsquery},
              ${`StartSel=${SNIPPET_OPEN}, StopSel=${SNIPPET_CLOSE}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`}
            ) as snippet
          from hits join articles on articles.id = hits.id
          order by hits.rank desc, articles.published_at desc, articles.id desc
        `.execute(trx);
      });
      return rows;
    }
    return this.searchSqlite(fts5Query(query), limit, offset);
  }

  /**
   * SQLite, bounded: the ranking reads the full-text index only (bm25 per match, ties newest id
   * first), never the article rows, and keeps the best `k` candidates; only those are looked up in
   * `articles` (drafts dropped), and snippet() runs for the page's rows alone. When drafts thin the
   * candidates out below the page, `k` grows until the page is full or every match is ranked. The
   * snippet is the summary's where the summary matches, else the body's where it does, else the
   * summary's start (FTS5 snippets one column at a time).
   */
  private async searchSqlite(match: string, limit: number, offset: number): Promise<SearchRow[]> {
    const want = offset + limit;
    for (let k = Math.max(64, want * 2); ; k *= 4) {
      const { rows: candidates } = await sql<{ id: number }>`
        select rowid as id from articles_fts where articles_fts match ${match}
        order by bm25(articles_fts, 10.0, 4.0, 1.0), rowid desc limit ${k}
      `.execute(this.db);
      const ids = candidates.map((c) => Number(c.id));
      const published = ids.length
        ? ((await this.db
            .selectFrom('articles')
            .select(LIST_COLUMNS)
            .where(PUBLISHED)
            .where('articles.id', 'in', ids)
            .execute()) as ArchiveRow[])
        : [];
      if (published.length < want && candidates.length === k) continue;
      const byId = new Map(published.map((r) => [Number(r.id), r]));
      const page = ids.flatMap((id) => byId.get(id) ?? []).slice(offset, want);
      if (page.length === 0) return [];
      const { rows: marked } = await sql<{ id: number; headline: string; summary: string; content: string }>`
        select rowid as id,
          highlight(articles_fts, 0, ${SNIPPET_OPEN}, ${SNIPPET_CLOSE}) as headline,
          snippet(articles_fts, 1, ${SNIPPET_OPEN}, ${SNIPPET_CLOSE}, '…', 24) as summary,
          snippet(articles_fts, 2, ${SNIPPET_OPEN}, ${SNIPPET_CLOSE}, '…', 24) as content
        from articles_fts where articles_fts match ${match} and rowid in (${sql.join(page.map((r) => Number(r.id)))})
      `.execute(this.db);
      const markedOf = new Map(marked.map((r) => [Number(r.id), r]));
      return page.map((row) => {
        const m = markedOf.get(Number(row.id));
        const texts = [m?.summary ?? '', m?.content ?? ''];
        return {
          ...row,
          marked_headline: m?.headline ?? row.headline,
          snippet: texts.find((t) => t.includes(SNIPPET_OPEN)) ?? texts.find((t) => t.trim() !== '') ?? '',
        };
      });
    }
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A snippet as safe HTML: all text escaped, hits wrapped in <mark>…</mark> (always balanced, never nested).
 */
export function markSnippet(raw: string): string {
  let out = '';
  let open = false;
  for (const ch of raw) {
    if (ch === SNIPPET_OPEN) {
      if (!open) out += '<mark>';
      open = true;
    } else if (ch === SNIPPET_CLOSE) {
      if (open) out += '</mark>';
      open = false;
    } else {
      out += ESCAPES[ch] ?? ch;
    }
  }
  return open ? `${out}</mark>` : out;
}
