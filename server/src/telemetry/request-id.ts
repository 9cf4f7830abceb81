import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { accessLog } from './logger.ts';

/**
 * Every answer names its request id (`x-request-id`), the `reqId` of the request's log lines;
 * each request writes one access line (telemetry/logger.ts).
 */
export default fp(
  async function requestId(app: FastifyInstance) {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    accessLog(app);
  },
  { name: 'request-id' },
);
