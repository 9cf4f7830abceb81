import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { isbot } from 'isbot';
import { MOST_READ_API_PATH, READS_API_PATH } from '../../../../common/most-read-contract.ts';
import { etagOf, PRIVATE_CACHE_CONTROL, PUBLIC_API_CACHE_CONTROL, sendCached } from '../../plugins/http-cache.ts';
import { HttpProblem } from '../../plugins/problem.ts';
import { ProblemSchema } from './schemas.ts';
import { categoryIdOf, CategoryQuerySchema } from '../../services/category-query.ts';
import { MostReadListSchema, ReadBeaconSchema, ReadPixelParamsSchema } from './reads-schemas.ts';

/** A beacon's body is a few bytes: anything much larger is refused (413) before it is parsed. */
const BEACON_BODY_LIMIT = 1_024;

/** A transparent 1×1 GIF: the answer to the image of a page shown without JavaScript. */
const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const COUNTING =
  'Counted once per client address and article in 30 minutes; a bot (by its User-Agent) is answered and not ' +
  'counted. The address is not stored: only a keyed hash, in memory, for 30 minutes.';

/**
 * Read counting and the readers' 'MOST READ' list (decision 049):
 *   POST /News/reads       a reader's browser shows a published article: one read (204)
 *   GET  /News/reads/:id   the same from a page shown without JavaScript (its `<noscript>` image): a 1×1 GIF
 *   GET  /News/most-read   the stories most read in the last 24 hours (?category=: in that section)
 */
export async function readsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const reads = app.articleReads;

  /** One read of the article by the request's client, unless it is a bot's; 404 when it is not published. */
  async function countRead(request: FastifyRequest, articleId: number): Promise<void> {
    const agent = request.headers['user-agent'];
    // A browser always names itself; no User-Agent at all is a script's request.
    if (!agent || isbot(agent)) return;
    const outcome = await reads.record(request.ip, articleId);
    if (outcome === 'unpublished') throw new HttpProblem(404, `No published article has the id ${articleId}.`);
  }

  app.post(
    READS_API_PATH,
    {
      bodyLimit: BEACON_BODY_LIMIT,
      schema: {
        summary: "A reader's browser shows a published article (the page's beacon): one read",
        description: COUNTING,
        body: ReadBeaconSchema,
        response: {
          204: Type.Null({ description: 'Received (counted, or not: a repeat or a bot)' }),
          400: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      await countRead(request, request.body.articleId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${READS_API_PATH}/:articleId`,
    {
      schema: {
        summary:
          "A reader's browser shows a published article without JavaScript (the page's <noscript> image): one read",
        description: `${COUNTING} Never kept by a cache: every showing reaches the server.`,
        params: ReadPixelParamsSchema,
        response: {
          200: Type.Unsafe<Buffer>({
            type: 'string',
            format: 'binary',
            description: 'A transparent 1×1 GIF (image/gif)',
          }),
          400: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      await countRead(request, request.params.articleId);
      return reply.header('cache-control', PRIVATE_CACHE_CONTROL).type('image/gif').send(TRANSPARENT_GIF);
    },
  );

  app.get(
    MOST_READ_API_PATH,
    {
      schema: {
        summary: 'The published stories most read in the last 24 hours (of one section with ?category=)',
        querystring: CategoryQuerySchema,
        response: { 200: MostReadListSchema, 400: ProblemSchema },
      },
    },
    async (request, reply) => {
      const body = JSON.stringify(await reads.mostRead(categoryIdOf(request.query.category)));
      return sendCached(request, reply, body, etagOf(body), {
        cacheControl: PUBLIC_API_CACHE_CONTROL,
        contentType: 'application/json; charset=utf-8',
      });
    },
  );
}
