import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { LIST_COLUMNS, publishedArticles } from './published-articles.ts';
import type { ListRow } from './news-repository.ts';
import { keysetPage, type KeysetColumns, type KeysetPage, type PageRequest } from './keyset-page.ts';

/**
 * Older stories and feeds: all published articles (breaking or not), newest first by (published_at, id),
 * read by keyset (keyset-page.ts) off the partial indexes of migration 015.
 */

export type ArchiveRow = ListRow;

export type ArchivePage = KeysetPage<ArchiveRow>;

export interface FeedRow extends ArchiveRow {
  content: string;
  /** The body in the stored format (JSON text). */
  body: string;
}

/** The order of the indexes of migration 015. */
const ARCHIVE_ORDER: KeysetColumns = { publishedAt: 'articles.published_at', id: 'articles.id' };

export class ArchiveRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private scope(categoryId: number | undefined) {
    let q = publishedArticles(this.db);
    if (categoryId !== undefined) q = q.where('articles.category_id', '=', categoryId);
    return q;
  }

  /** One page of published articles, of a category when given (see PageRequest). */
  page({ categoryId, ...request }: PageRequest & { categoryId?: number }): Promise<ArchivePage> {
    return keysetPage(() => this.scope(categoryId).select(LIST_COLUMNS), ARCHIVE_ORDER, request);
  }

  /** The newest `count` published articles with their body, for feeds. */
  async latestWithContent(categoryId: number | undefined, count: number): Promise<FeedRow[]> {
    return (await this.scope(categoryId)
      .select([...LIST_COLUMNS, 'articles.content', 'articles.body'])
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .limit(count)
      .execute()) as FeedRow[];
  }
}
