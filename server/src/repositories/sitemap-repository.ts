import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { publishedArticles } from './published-articles.ts';

/**
 * Sitemaps: published articles by id range (primary key range scans, so one sitemap file reads at most
 * its own range, never the whole table), the newest published ones for Google News.
 */
export interface SitemapRow {
  id: number;
  slug: string;
  headline: string;
  category_id: number;
  image_url: string;
  published_at: string | null;
  modified_at: string | null;
}

/** The columns a sitemap or news-sitemap entry needs. */
const SITEMAP_COLUMNS = [
  'articles.id',
  'articles.slug',
  'articles.headline',
  'articles.category_id',
  'articles.image_url',
  'articles.published_at',
  'articles.modified_at',
] as const;

export class SitemapRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The highest article id (0 when there are none): the number of id-range files follows from it. */
  async maxId(): Promise<number> {
    const row = await this.db
      .selectFrom('articles')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0);
  }

  /**
   * Published articles with fromId <= id <= toId, by id, with their lead image (the sitemap's
   * image:image): a primary-key range scan (the image URL is not in the covering index of migration 033).
   */
  async range(
    fromId: number,
    toId: number,
  ): Promise<Pick<SitemapRow, 'id' | 'slug' | 'published_at' | 'modified_at' | 'image_url'>[]> {
    return (await publishedArticles(this.db)
      .select(['articles.id', 'articles.slug', 'articles.published_at', 'articles.modified_at', 'articles.image_url'])
      .where('articles.id', '>=', fromId)
      .where('articles.id', '<=', toId)
      .orderBy('articles.id')
      .execute()) as SitemapRow[];
  }

  /** Published since `sinceIso` (newest first, at most `limit`), off the archive index. */
  async publishedSince(sinceIso: string, limit: number): Promise<SitemapRow[]> {
    return (await publishedArticles(this.db)
      .select(SITEMAP_COLUMNS)
      .where('articles.published_at', '>=', sinceIso)
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .limit(limit)
      .execute()) as SitemapRow[];
  }

  /** The newest publication among published articles (per category when given), for section lastmod. */
  async lastUpdated(categoryId?: number): Promise<string | undefined> {
    let q = publishedArticles(this.db).select('articles.published_at');
    if (categoryId !== undefined) q = q.where('articles.category_id', '=', categoryId);
    const row = await q.orderBy('articles.published_at', 'desc').limit(1).executeTakeFirst();
    return row?.published_at ?? undefined;
  }

  /**
   * The newest publication or reader-visible change among published articles with
   * fromId <= id <= toId: the lastmod of that sitemap file in the index.
   */
  async lastModifiedInRange(fromId: number, toId: number): Promise<string | undefined> {
    const row = await publishedArticles(this.db)
      .select((eb) => [
        eb.fn.max('articles.published_at').as('published'),
        eb.fn.max('articles.modified_at').as('modified'),
      ])
      .where('articles.id', '>=', fromId)
      .where('articles.id', '<=', toId)
      .executeTakeFirst();
    const times = [row?.published, row?.modified].filter((t): t is string => typeof t === 'string' && t !== '');
    return times.sort().at(-1);
  }
}
