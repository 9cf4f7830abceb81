import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { accessLog } from './logger.ts';

/**
 * Every answer names its request id (`x-request-id`), the `reqId` of the request's log lines;
 * each request writes one access line (telemetry/logger.ts).
 */
export default fp(
  async function requestId(app: FastifyInstance) {
    accessLog(app);
  },
  { name: 'request-id' },
);
