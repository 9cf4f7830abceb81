import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isMissingArticle } from './missing-article.ts';
import { PUBLISHED } from './published-articles.ts';

/** One hour's reads of one article, as an instance adds them. */
export interface ReadCount {
  articleId: number;
  /** The hour's start (hourOf). */
  hour: string;
  reads: number;
}

/** A story of a most-read list: its reads summed over the window. */
export interface MostReadRow {
  id: number;
  slug: string;
  headline: string;
  categoryId: number;
  publishedAt: string | null;
  reads: number;
}

const HOUR_MS = 3_600_000;
/** Rows per upsert statement: far below either database's limit on bound values (3 a row). */
const ROWS_PER_STATEMENT = 300;
/** Ids readsOfMany names in its statement; past this it sums the window of every article. */
export const IDS_PER_STATEMENT = 500;

/** The start of the UTC hour `at` is in, as stored in `article_reads.hour`. */
export function hourOf(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(Math.floor(ms / HOUR_MS) * HOUR_MS).toISOString();
}

/** The first hour of a window of `hours` hours ending at `now`: the current hour and the `hours - 1` before it. */
export function windowStart(now: Date, hours: number): string {
  return hourOf(now.getTime() - (hours - 1) * HOUR_MS);
}

/**
 * Read counts by article and UTC hour (decision 049). Instances add their buffered counts (an upsert
 * that adds to the hour's row, so any number of instances can write the same hour); the lists sum an
 * article's hours over a window. Rows older than the purge age are deleted by the scheduler, and an
 * article's rows go with it when it is deleted for good (the foreign key's cascade).
 */
export class ArticleReadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether the article exists (in the trash or not). */
  async exists(articleId: number): Promise<boolean> {
    const row = await this.db.selectFrom('articles').select('id').where('id', '=', articleId).executeTakeFirst();
    return row !== undefined;
  }

  /** The articles published since `since` (ISO-8601), newest first (the demo content's reads). */
  async publishedSince(since: string): Promise<Array<{ id: number; publishedAt: string }>> {
    const rows = await this.db
      .selectFrom('articles')
      .select(['id', 'published_at'])
      .where(PUBLISHED)
      .where('published_at', '>=', since)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({ id: Number(r.id), publishedAt: r.published_at! }));
  }

  /** Whether the article is published now (only such articles are counted). */
  async isPublished(articleId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('articles')
      .select('id')
      .where('id', '=', articleId)
      .where(PUBLISHED)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Adds the counts to their hours' rows (created at 0 when missing). Counts of articles deleted for
   * good meanwhile are dropped. Returns the reads written.
   */
  async add(counts: readonly ReadCount[]): Promise<number> {
    const positive = counts.filter((c) => c.reads > 0);
    if (positive.length === 0) return 0;
    const ids = [...new Set(positive.map((c) => c.articleId))];
    const existing = new Set<number>();
    for (let i = 0; i < ids.length; i += ROWS_PER_STATEMENT) {
      const rows = await this.db
        .selectFrom('articles')
        .select('id')
        .where('id', 'in', ids.slice(i, i + ROWS_PER_STATEMENT))
        .execute();
      for (const r of rows) existing.add(Number(r.id));
    }
    const rows = positive.filter((c) => existing.has(c.articleId));
    let written = 0;
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
      try {
        await this.upsert(chunk);
        written += chunk.reduce((n, c) => n + c.reads, 0);
      } catch (err) {
        // An article deleted for good between the check and the write: the chunk's rows one by one.
        if (!isMissingArticle(err)) throw err;
        for (const one of chunk) {
          try {
            await this.upsert([one]);
            written += one.reads;
          } catch (e) {
            if (!isMissingArticle(e)) throw e;
          }
        }
      }
    }
    return written;
  }

  private async upsert(rows: readonly ReadCount[]): Promise<void> {
    await this.db
      .insertInto('article_reads')
      .values(rows.map((c) => ({ article_id: c.articleId, hour: c.hour, reads: c.reads })))
      .onConflict((oc) =>
        oc
          .columns(['article_id', 'hour'])
          .doUpdateSet((eb) => ({ reads: eb('article_reads.reads', '+', eb.ref('excluded.reads')) })),
      )
      .execute();
  }

  /**
   * The `limit` stories with the most reads in the window of `hours` hours ending at `now`, most
   * first (ties: the newer publication first). `published`: only the stories published now (the
   * readers' list); else every story out of the trash (the newsroom's). `categoryId`: only that
   * section's stories (a section page's list).
   */
  async mostRead(
    now: Date,
    hours: number,
    limit: number,
    published: boolean,
    categoryId?: number,
  ): Promise<MostReadRow[]> {
    let q = this.db
      .selectFrom('article_reads')
      .innerJoin('articles', 'articles.id', 'article_reads.article_id')
      .select((eb) => [
        'articles.id',
        'articles.slug',
        'articles.headline',
        'articles.category_id',
        'articles.published_at',
        eb.fn.sum<number | string>('article_reads.reads').as('total'),
      ])
      .where('article_reads.hour', '>=', windowStart(now, hours));
    q = published ? q.where(PUBLISHED) : q.where('articles.deleted_at', 'is', null);
    if (categoryId !== undefined) q = q.where('articles.category_id', '=', categoryId);
    const rows = await q
      .groupBy(['articles.id', 'articles.slug', 'articles.headline', 'articles.category_id', 'articles.published_at'])
      .orderBy('total', 'desc')
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      slug: r.slug,
      headline: r.headline,
      categoryId: Number(r.category_id),
      publishedAt: r.published_at,
      reads: Number(r.total),
    }));
  }

  /** One article's reads in the window of `hours` hours ending at `now` (readsOfMany's count). */
  async readsOf(articleId: number, now: Date, hours: number): Promise<number> {
    return (await this.readsOfMany([articleId], now, hours)).get(articleId) ?? 0;
  }

  /**
   * The articles' reads in the window of `hours` hours ending at `now`, in ONE statement however many
   * ids: an article without reads in the window is left out. Up to IDS_PER_STATEMENT ids, each one's
   * hours by the primary key; more (All Articles' 'All' page) would pass the databases' limits on bound
   * values, so the window's sums of every article are read from the hour index and the others dropped.
   */
  async readsOfMany(articleIds: readonly number[], now: Date, hours: number): Promise<Map<number, number>> {
    const reads = new Map<number, number>();
    if (articleIds.length === 0) return reads;
    let q = this.db
      .selectFrom('article_reads')
      .select((eb) => ['article_id', eb.fn.sum<number | string>('reads').as('total')])
      .where('hour', '>=', windowStart(now, hours));
    if (articleIds.length <= IDS_PER_STATEMENT) q = q.where('article_id', 'in', [...new Set(articleIds)]);
    const rows = await q.groupBy('article_id').execute();
    const wanted = new Set(articleIds);
    for (const r of rows) {
      const id = Number(r.article_id);
      if (wanted.has(id)) reads.set(id, Number(r.total));
    }
    return reads;
  }

  /** Deletes the hours that started before `before`; returns how many rows went. */
  async purgeBefore(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('article_reads')
      .where('hour', '<', before.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
