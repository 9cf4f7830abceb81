import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SearchRepository } from '../../repositories/search-repository.ts';
import { sendCached, SHARED_CACHE_CONTROL } from '../../plugins/http-cache.ts';
import { PublicSearch, SearchQuerySchema } from '../../services/public-search.ts';
import { ProblemSchema, PublicArticleListItemSchema } from '../news/schemas.ts';

export const SearchResultsSchema = Type.Object({
  query: Type.String(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  hasMore: Type.Boolean({ description: 'Whether page + 1 has results' }),
  results: Type.Array(
    Type.Composite([
      Type.Omit(PublicArticleListItemSchema, []),
      Type.Object({
        markedHeadline: Type.String({
          description: 'HTML: the headline, escaped, with the matching words in <mark>…</mark>',
        }),
        snippet: Type.String({
          description:
            'HTML: escaped words of the summary and body with the matching words in <mark>…</mark> (the summary’s start when only the headline matches)',
        }),
      }),
    ]),
  ),
});

/**
 * GET /News/search?q=&page= : published articles matching every word of q over headline, summary
 * and body, best first, with a highlighted snippet (services/public-search.ts, which the search page
 * reads too). A query without letters or digits is a 400. Decorates app.publicSearch.
 */
export default fp(
  async function searchRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const search = new PublicSearch(new SearchRepository(app.database.db, app.database.dialect), app.newsCache, (err) =>
      app.log.error({ err }, 'refreshing a search result failed: the previous one is served'),
    );
    app.decorate('publicSearch', search);

    app.get(
      '/News/search',
      {
        schema: {
          summary: 'Search published articles',
          querystring: SearchQuerySchema,
          response: { 200: SearchResultsSchema, 400: ProblemSchema },
        },
      },
      async (request, reply) => {
        const { q, page = 1 } = request.query;
        const { body, etag } = await search.page(q, page);
        return sendCached(request, reply, body, etag, {
          cacheControl: SHARED_CACHE_CONTROL,
          contentType: 'application/json; charset=utf-8',
        });
      },
    );
  },
  { name: 'search', dependencies: ['problem', 'news'] },
);
