import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PRESENCE_HEARTBEAT_SECONDS, PRESENCE_WINDOW_SECONDS } from '../../../../../common/presence-contract.ts';
import { actorOf } from '../../../auth/actor.ts';
import { ArticlePresenceRepository } from '../../../repositories/article-presence.ts';
import { ProblemSchema } from '../../news/schemas.ts';
import { articleNotFound } from '../http-errors.ts';
import { IdParamsSchema } from '../schemas.ts';
import { PresenceHeartbeatSchema, PresenceLeaveQuerySchema, PresenceSchema } from './presence-schemas.ts';

/**
 * Who else has an article's screen open (decision 047): the screen's heartbeat and its leaving. Viewing
 * is not a change: nothing is audited, the article is not touched, and an article in the Trash takes
 * them too (its screen 'This article was deleted' is still somebody looking at it).
 */
export async function presenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const repo = new ArticlePresenceRepository(app.database.db);
  const path = '/articles/:id/presence';

  app.put(
    path,
    {
      schema: {
        summary: `This tab has the article open (sent every ${PRESENCE_HEARTBEAT_SECONDS} s): the other editors on it within the last ${PRESENCE_WINDOW_SECONDS} s`,
        params: IdParamsSchema,
        body: PresenceHeartbeatSchema,
        response: { 200: PresenceSchema, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const editors = await repo.beat(id, actorOf(request), request.body.tabId.toLowerCase(), new Date());
      if (!editors) throw articleNotFound(id);
      return { editors };
    },
  );

  app.delete(
    path,
    {
      schema: {
        summary: 'This tab left the article (sent with keepalive as the page goes)',
        params: IdParamsSchema,
        querystring: PresenceLeaveQuerySchema,
        response: {
          204: Type.Null({ description: 'Gone (also when it was not there)' }),
          400: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await repo.leave(id, actorOf(request), request.query.tabId.toLowerCase()))) throw articleNotFound(id);
      return reply.code(204).send(null);
    },
  );
}
