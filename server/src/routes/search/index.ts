import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { markSnippet, queryTerms, SearchRepository } from '../../repositories/search-repository.ts';
import { toPublicArticle } from '../../repositories/news-repository.ts';
import { HttpProblem } from '../../plugins/problem.ts';
import { etagOf, sendCached, SHARED_CACHE_CONTROL } from '../../plugins/http-cache.ts';
import { RefreshingCache } from '../seo/refreshing-cache.ts';
import { ProblemSchema, PublicArticleListItemSchema } from '../news/schemas.ts';

export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_MAX_PAGE = 100;
export const SEARCH_MAX_QUERY_LENGTH = 200;
/** Result pages kept (per query and page) until the next editorial change. */
export const SEARCH_CACHE_MAX_ENTRIES = 1_000;
/** How often a kept result page is re-ranked in the background for changes nobody announced. */
export const SEARCH_REFRESH_MS = 60_000;

export const SearchQuerySchema = Type.Object({
  q: Type.String({ minLength: 1, maxLength: SEARCH_MAX_QUERY_LENGTH, description: 'Words to find' }),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: SEARCH_MAX_PAGE, description: `1-${SEARCH_MAX_PAGE}` })),
});

export const SearchResultsSchema = Type.Object({
  query: Type.String(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  hasMore: Type.Boolean({ description: 'Whether page + 1 has results' }),
  results: Type.Array(
    Type.Composite([
      Type.Omit(PublicArticleListItemSchema, []),
      Type.Object({
        snippet: Type.String({ description: 'HTML: escaped text with the matching words in <mark>…</mark>' }),
      }),
    ]),
  ),
});

/**
 * GET /News/search?q=&page= : published articles matching every word of q over headline, summary
 * and body, best first, with a highlighted snippet. A query without letters or digits is a 400.
 */
export default fp(
  async function searchRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const repository = new SearchRepository(app.database.db, app.database.dialect);
    // A popular query is ranked once per editorial change, not once per reader: answers are dropped on
    // every news-cache clear (every instance) and, past SEARCH_REFRESH_MS, re-ranked in the background
    // while the previous answer is still served (refreshing-cache.ts).
    const results = new RefreshingCache<{ body: Buffer; etag: string }>({
      ttlMs: SEARCH_REFRESH_MS,
      maxEntries: SEARCH_CACHE_MAX_ENTRIES,
      onError: (err) => app.log.error({ err }, 'refreshing a search result failed: the previous one is served'),
    });
    app.newsCache.onClear(() => results.clear());

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
        if (queryTerms(q).length === 0) {
          throw new HttpProblem(400, 'The search needs at least one word (letters or digits).', {
            extensions: { errors: [{ in: 'querystring', name: 'q', message: 'has no letters or digits' }] },
          });
        }
        const { body, etag } = await results.get(`${page} ${q}`, async () => {
          const rows = await repository.search(q, SEARCH_PAGE_SIZE + 1, (page - 1) * SEARCH_PAGE_SIZE);
          const json = JSON.stringify({
            query: q,
            page,
            pageSize: SEARCH_PAGE_SIZE,
            hasMore: rows.length > SEARCH_PAGE_SIZE,
            results: rows
              .slice(0, SEARCH_PAGE_SIZE)
              .map((row) => ({ ...toPublicArticle(row), snippet: markSnippet(row.snippet) })),
          });
          const bytes = Buffer.from(json, 'utf8');
          return { body: bytes, etag: etagOf(bytes) };
        });
        return sendCached(request, reply, body, etag, {
          cacheControl: SHARED_CACHE_CONTROL,
          contentType: 'application/json; charset=utf-8',
        });
      },
    );
  },
  { name: 'search', dependencies: ['problem', 'news'] },
);
