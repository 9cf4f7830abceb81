import { Type } from '@sinclair/typebox';
import { CATEGORIES, findCategory } from '../../../common/categories.ts';
import { NEWS_MAX_COUNT, NEWS_PAGE_SIZE } from '../../../common/site.ts';
import type { ArchiveRepository } from '../repositories/archive-repository.ts';
import { toPublicArticle } from '../repositories/news-repository.ts';
import { HttpProblem } from '../plugins/problem.ts';
import { etagOf } from '../plugins/http-cache.ts';
import type { NewsCache } from './news-cache.ts';
import { PageCursorsQuery, pageCursorsKey, pageNeighbours, readPageCursors, type PageCursors } from './page-cursors.ts';

/** The query of a page of older stories (GET /News/archive and pages 2, 3, … of home and the sections). */
export const ArchiveQuerySchema = Type.Object({
  category: Type.Optional(Type.String({ maxLength: 50, description: 'Category name or path; all sections if absent' })),
  ...PageCursorsQuery,
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: NEWS_MAX_COUNT, description: `1-${NEWS_MAX_COUNT}` })),
});

export interface ArchiveQuery extends PageCursors {
  category?: string;
  count?: number;
}

/**
 * Older stories: every published article (breaking or not) newest first, one keyset page at a time
 * by the cursor `<publishedAt>_<id>` (page-cursors.ts). A cursor names an article, so articles published
 * between page loads never shift a page. Pages are kept in the news cache until the next editorial change.
 */
export class PublicArchive {
  constructor(
    private readonly repository: ArchiveRepository,
    private readonly cache: NewsCache,
  ) {}

  /** The page as JSON bytes with their ETag; a malformed query is a 400 problem. */
  async page({ category, count = NEWS_PAGE_SIZE, ...cursors }: ArchiveQuery): Promise<{ body: Buffer; etag: string }> {
    const position = readPageCursors(cursors);
    const categoryId = categoryIdFromQuery(category);
    const key = `archive:${categoryId ?? 0}:${count}:${pageCursorsKey(cursors)}`;
    return this.cache.get(key, async () => {
      const page = await this.repository.page({ categoryId, count, ...position });
      const json = JSON.stringify({ articles: page.rows.map(toPublicArticle), ...pageNeighbours(page) });
      const bytes = Buffer.from(json, 'utf8');
      return { body: bytes, etag: etagOf(bytes) };
    });
  }
}

/** The category id for a `category` query value (name or path, any case); undefined when absent; 400 when unknown. */
function categoryIdFromQuery(category: string | undefined): number | undefined {
  if (category === undefined || category.trim() === '') return undefined;
  const found = findCategory(category);
  if (!found) {
    throw new HttpProblem(
      400,
      `Unknown category '${category.slice(0, 50)}'. Use one of: ${CATEGORIES.map((c) => c.name).join(', ')}.`,
      { extensions: { errors: [{ in: 'querystring', name: 'category', message: 'is not a known category' }] } },
    );
  }
  return found.id;
}
