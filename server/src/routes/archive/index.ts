import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ArchiveRepository } from '../../repositories/archive-repository.ts';
import { PUBLIC_API_CACHE_CONTROL, sendCached } from '../../plugins/http-cache.ts';
import { ArchiveQuerySchema, PublicArchive } from '../../services/public-archive.ts';
import { PageNeighboursFields, ProblemSchema, PublicArticleListItemSchema } from '../news/schemas.ts';

export const ArchivePageSchema = Type.Object({
  articles: Type.Array(Type.Omit(PublicArticleListItemSchema, [])),
  ...PageNeighboursFields,
});

/**
 * Older stories: GET /News/archive?category=&before=|after=&count= pages through every published
 * article (breaking or not) newest first by keyset cursor `<publishedAt>_<id>`
 * (services/public-archive.ts, which the older-stories pages read too). Decorates app.publicArchive.
 */
export default fp(
  async function archiveRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const archive = new PublicArchive(new ArchiveRepository(app.database.db), app.newsCache);
    app.decorate('publicArchive', archive);

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
        const { body, etag } = await archive.page(request.query);
        return sendCached(request, reply, body, etag, {
          cacheControl: PUBLIC_API_CACHE_CONTROL,
          contentType: 'application/json; charset=utf-8',
        });
      },
    );
  },
  { name: 'archive', dependencies: ['problem', 'news'] },
);
