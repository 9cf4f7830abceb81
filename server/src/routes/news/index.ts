import { Type } from '@sinclair/typebox';
import { redirectFor } from '../../repositories/slug-redirects.ts';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { listingApiPath } from '../../../../common/byline.ts';
import { NEWS_PAGE_SIZE } from '../../../../common/site.ts';
import { NewsRepository, type NewsList, type PublicArticle } from '../../repositories/news-repository.ts';
import { AuthorsAndTagsRepository } from '../../repositories/authors-and-tags.ts';
import { ImagesRepository } from '../../repositories/images-repository.ts';
import { lastLiveEventId } from '../../live-blog/events.ts';
import { LiveBlogReader } from '../../live-blog/live-entries-view.ts';
import { LiveEntriesRepository } from '../../live-blog/repositories/live-entries.ts';
import { HttpProblem, sendProblem } from '../../plugins/problem.ts';
import { PUBLIC_API_CACHE_CONTROL, sendEncoded } from '../../plugins/http-cache.ts';
import { NewsCache } from '../../services/news-cache.ts';
import { ListingPageQuerySchema, PublicNews } from '../../services/public-news.ts';
import { PublicCorrections } from '../../services/public-corrections.ts';
import { correctionsRoute } from './corrections.ts';
import { categoryIdOf } from '../../services/category-query.ts';
import {
  AuthorPageSchema,
  TagPageSchema,
  NewsListQuerySchema,
  NewsListSchema,
  ProblemSchema,
  PublicArticleSchema,
  SlugParamsSchema,
} from './schemas.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The public news API (docs/product.md, The API):
 *   GET /News?category=&count=   published articles, newest first, split into breakingNews and allArticles
 *   GET /News/slug/:slug         one published article, 404 problem if none
 *   GET /News/author|tag/:slug   an author or tag and a keyset page of their published stories
 *   GET /News/corrections        a keyset page of the published stories' corrections (corrections.ts)
 * Decorates app.newsCache (clear() after any write to articles), app.publicNews (cached reads) and
 * app.publicCorrections.
 */
export default fp(
  async function newsRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const cache = new NewsCache();
    const publicNews = new PublicNews(
      new NewsRepository(app.database.db),
      cache,
      new AuthorsAndTagsRepository(app.database.db, app.database.dialect),
      new LiveBlogReader(new LiveEntriesRepository(app.database.db), new ImagesRepository(app.database.db), () =>
        lastLiveEventId(app),
      ),
    );
    app.decorate('newsCache', cache);
    app.decorate('publicNews', publicNews);
    app.decorate('publicCorrections', new PublicCorrections(app.database.db, cache));
    await app.register(correctionsRoute);

    app.get(
      '/News',
      {
        schema: {
          summary: 'Published articles, newest first',
          querystring: NewsListQuerySchema,
          response: { 200: NewsListSchema, 400: ProblemSchema },
        },
      },
      async (request, reply) => {
        const { category, count = NEWS_PAGE_SIZE } = request.query;
        // The schema's coercion lets Infinity, -Infinity and 1e400 through as numbers.
        if (!Number.isSafeInteger(count)) throw new HttpProblem(400, "Query parameter 'count' must be a whole number.");
        const categoryId = categoryIdOf(category);
        const serialize = responseSerializer<NewsList>(reply);
        const cached = await publicNews.listBody(categoryId, count, serialize);
        // compressed once per cached body (brotli or gzip by Accept-Encoding), never per request
        return sendEncoded(request, reply, cached, {
          cacheControl: PUBLIC_API_CACHE_CONTROL,
          contentType: JSON_TYPE,
        });
      },
    );

    app.get(
      '/News/slug/:slug',
      {
        schema: {
          summary: 'One published article by slug',
          params: SlugParamsSchema,
          response: {
            200: PublicArticleSchema,
            301: Type.Null({ description: 'An old slug: Location names the current one' }),
            400: ProblemSchema,
            404: ProblemSchema,
          },
        },
      },
      async (request, reply) => {
        const serialize = responseSerializer<PublicArticle>(reply);
        const found = await publicNews.articleBody(request.params.slug, serialize);
        if (!found) {
          // An old slug of a published article whose headline changed: 301 to the current one.
          const moved = await redirectFor(app.database.db, request.params.slug);
          if (moved) return reply.code(301).header('location', `/News/slug/${moved}`).send(null);
          return sendProblem(reply, 404, `No published article has the slug '${request.params.slug}'.`, {
            title: 'Article not found',
          });
        }
        return sendEncoded(request, reply, found, {
          cacheControl: PUBLIC_API_CACHE_CONTROL,
          contentType: JSON_TYPE,
        });
      },
    );

    // Author and tag pages: the record and a keyset page of its published stories (decisions 034, 041).
    for (const [kind, segment, schema, what] of [
      ['authors', 'author', AuthorPageSchema, 'author'],
      ['tags', 'tag', TagPageSchema, 'tag'],
    ] as const) {
      app.get(
        `/News/${segment}/:slug`,
        {
          schema: {
            summary: `One ${what} and a page of their published stories, newest first`,
            description:
              "Paged as GET /News/archive: the first page without a cursor, then `before=` the answer's `older` " +
              '(or `after=` its `newer`). An old `page` parameter is ignored: the first page.',
            params: SlugParamsSchema,
            querystring: ListingPageQuerySchema,
            response: {
              200: schema,
              301: Type.Null({ description: `A renamed ${what}'s old slug: Location names the current one` }),
              400: ProblemSchema,
              404: ProblemSchema,
            },
          },
        },
        async (request, reply) => {
          const { slug } = request.params;
          const cursors = { before: request.query.before, after: request.query.after };
          const serialize = responseSerializer<unknown>(reply);
          const found = await publicNews.listingBody(kind, slug, cursors, serialize);
          if (!found) {
            const moved = await publicNews.movedTo(kind, slug);
            if (moved) {
              return reply
                .code(301)
                .header('location', listingApiPath(segment, moved, cursors))
                .send(null);
            }
            return sendProblem(reply, 404, `There is no ${what} '${slug}'.`, {
              title: `${what[0]!.toUpperCase()}${what.slice(1)} not found`,
            });
          }
          return sendEncoded(request, reply, found, { cacheControl: PUBLIC_API_CACHE_CONTROL, contentType: JSON_TYPE });
        },
      );
    }
  },
  { name: 'news', dependencies: ['problem'] },
);

/** The route's compiled 200 response serializer (fast-json-stringify of the TypeBox schema). */
function responseSerializer<T>(reply: FastifyReply): (value: T) => string {
  const compiled = reply.getSerializationFunction('200') as ((value: T) => string) | undefined;
  return compiled ?? ((value: T) => JSON.stringify(value));
}
