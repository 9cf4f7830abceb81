import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PUBLIC_API_CACHE_CONTROL } from '../../plugins/http-cache.ts';
import { HttpProblem } from '../../plugins/problem.ts';
import { ProblemSchema, SlugParamsSchema } from '../../routes/news/schemas.ts';
import { EntriesQuerySchema, LiveEntriesPageSchema } from '../schemas.ts';

/**
 * GET /News/slug/{slug}/entries?before={entryId}: one page of a live blog's entries, newest first,
 * older than entry `before` (the newest page without it). The article page without JavaScript
 * reads the same page (/article/{slug}?before={entryId}).
 */
export async function publicLiveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/News/slug/:slug/entries',
    {
      schema: {
        summary: "One page of a live blog's entries, newest first",
        params: SlugParamsSchema,
        querystring: EntriesQuerySchema,
        response: { 200: LiveEntriesPageSchema, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const { before } = request.query;
      const page = await app.publicNews.liveEntries(slug, before);
      if (page === 'no-blog') throw new HttpProblem(404, `No published live blog has the slug '${slug}'.`);
      if (page === 'no-entry') throw new HttpProblem(404, `The live blog '${slug}' has no entry ${before}.`);
      reply.header('cache-control', PUBLIC_API_CACHE_CONTROL);
      return page;
    },
  );
}
