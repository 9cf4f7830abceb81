import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { CorrectionsPage } from '../../../../common/corrections-contract.ts';
import { PUBLIC_API_CACHE_CONTROL, sendEncoded } from '../../plugins/http-cache.ts';
import { ListingPageQuerySchema } from '../../services/public-news.ts';
import { PageNeighboursFields, ProblemSchema } from './schemas.ts';

/** GET /News/corrections: a page of the published stories' corrections, newest first. */
export const CorrectionsPageSchema = Type.Object({
  corrections: Type.Array(
    Type.Object({
      text: Type.String({ description: 'The correction, plain text' }),
      publishedAt: Type.String({ description: 'When it was added (ISO-8601 UTC): the date readers see' }),
      headline: Type.String({ description: "The corrected story's headline" }),
      slug: Type.String({ description: "The corrected story's slug: its page is /article/{slug}" }),
    }),
  ),
  ...PageNeighboursFields,
});

/**
 * The corrections page's API (decision 046): every correction of the published stories, newest
 * first, paged by cursor as the author and tag pages are (decision 041), cached as the other public
 * lists (decision 028).
 */
export async function correctionsRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/News/corrections',
    {
      schema: {
        summary: 'Every correction of the published stories, newest first',
        description:
          "Paged as GET /News/archive: the first page without a cursor, then `before=` the answer's `older` " +
          '(or `after=` its `newer`). A story taken off the site takes its corrections with it.',
        querystring: ListingPageQuerySchema,
        response: { 200: CorrectionsPageSchema, 400: ProblemSchema },
      },
    },
    async (request, reply) => {
      const cursors = { before: request.query.before, after: request.query.after };
      const body = await app.publicCorrections.body(cursors, responseSerializer(reply));
      return sendEncoded(request, reply, body, {
        cacheControl: PUBLIC_API_CACHE_CONTROL,
        contentType: 'application/json; charset=utf-8',
      });
    },
  );
}

function responseSerializer(reply: FastifyReply): (value: CorrectionsPage) => string {
  const compiled = reply.getSerializationFunction('200') as ((value: CorrectionsPage) => string) | undefined;
  return compiled ?? ((value) => JSON.stringify(value));
}
