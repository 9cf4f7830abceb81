import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** One year: what browsers' preload lists expect as the least. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every response carries:
 * - `X-Content-Type-Options: nosniff`, so a browser never reads an API answer or a file as
 *   something other than its declared type;
 * - `Strict-Transport-Security` when the request came over https. The server speaks plain
 *   HTTP itself, so that is only the case through a proxy that TRUST_PROXY believes
 *   (request.protocol ignores X-Forwarded-Proto from anyone else).
 */
async function securityHeaders(app: FastifyInstance) {
  // A callback hook (no promise per response).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('x-content-type-options')) reply.header('x-content-type-options', 'nosniff');
    if (request.protocol === 'https' && !reply.hasHeader('strict-transport-security')) {
      reply.header('strict-transport-security', HSTS);
    }
    done(null, payload);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
