import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** Every answer names its request id (`x-request-id`), the `reqId` of the request's log lines. */
export default fp(
  async function requestId(app: FastifyInstance) {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'request-id' },
);
