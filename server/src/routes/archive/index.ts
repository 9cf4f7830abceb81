import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { NEWS_MAX_COUNT, NEWS_PAGE_SIZE } from '../../../../common/site.ts';
import {
  ArchiveRepository,
  formatCursor,
  parseCursor,
  type ArchiveCursor,
} from '../../repositories/archive-repository.ts';
import { toPublicArticle } from '../../repositories/news-repository.ts';
import { HttpProblem } from '../../plugins/problem.ts';
import { PUBLIC_API_CACHE_CONTROL, sendCached, etagOf } from '../../plugins/http-cache.ts';
import { ProblemSchema, PublicArticleListItemSchema } from '../news/schemas.ts';
import { categoryIdFromQuery } from './category-param.ts';

const CURSOR_PATTERN = '^[0-9A-Za-z:.+-]{1,40}_[0-9]{1,10}$';
const Cursor = (description: string) => Type.String({ pattern: CURSOR_PATTERN, maxLength: 51, description });

export const ArchiveQuerySchema = Type.Object({
  category: Type.Optional(Type.String({ maxLength: 50, description: 'Category name or path; all sections if absent' })),
  before: Type.Optional(Cursor('Articles older than this cursor (`older` of the previous page)')),
  after: Type.Optional(Cursor('Articles newer than this cursor (`newer` of the previous page)')),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: NEWS_MAX_COUNT, description: `1-${NEWS_MAX_COUNT}` })),
});

export const ArchivePageSchema = Type.Object({
  articles: Type.Array(Type.Omit(PublicArticleListItemSchema, [])),
  older: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next older page, null at the end' }),
  newer: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next newer page, null at the top' }),
});

/**
 * Older stories: GET /News/archive?category=&before=|after=&count= pages through every published
 * article (breaking or not) newest first by keyset cursor `<publishedAt>_<id>`. A cursor names an
 * article, so articles published between page loads never shift a page.
 */
export default fp(
  async function archiveRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const repository = new ArchiveRepository(app.database.db);

    app.get(
      '/News/archive',
      {
        schema: {
          summary: 'All published articles, newest first, one keyset page at a time',
          querystring: ArchiveQuerySchema,
          response: { 200: ArchivePageSchema, 400: ProblemSchema },
        },
      },
      async (request, reply) => {
        const { category, before, after, count = NEWS_PAGE_SIZE } = request.query;
        if (before !== undefined && after !== undefined) {
          throw new HttpProblem(400, 'Give either before or after, not both.');
        }
        const categoryId = categoryIdFromQuery(category);
        const cursor = (value: string | undefined, name: string): ArchiveCursor | undefined => {
          if (value === undefined) return undefined;
          const parsed = parseCursor(value);
          if (!parsed) throw new HttpProblem(400, `The ${name} cursor is malformed; use a cursor from a page.`);
          return parsed;
        };
        const key = `archive:${categoryId ?? 0}:${count}:${before ?? ''}:${after ?? ''}`;
        const { body, etag } = await app.newsCache.get(key, async () => {
          const page = await repository.page({
            categoryId,
            count,
            before: cursor(before, 'before'),
            after: cursor(after, 'after'),
          });
          const json = JSON.stringify({
            articles: page.rows.map(toPublicArticle),
            older: page.older ? formatCursor(page.older) : null,
            newer: page.newer ? formatCursor(page.newer) : null,
          });
          const bytes = Buffer.from(json, 'utf8');
          return { body: bytes, etag: etagOf(bytes) };
        });
        return sendCached(request, reply, body, etag, {
          cacheControl: PUBLIC_API_CACHE_CONTROL,
          contentType: 'application/json; charset=utf-8',
        });
      },
    );
  },
  { name: 'archive', dependencies: ['problem', 'news'] },
);
