import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year: what browsers' preload lists expect as the least. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every response carries:
 * - `X-Content-Type-Options: nosniff` (through @fastify/helmet), so a browser never reads an API
 *   answer or a file as something other than its declared type;
 * - `Strict-Transport-Security` when the request came over https. The server speaks plain
 *   HTTP itself, so that is only the case through a proxy that TRUST_PROXY believes
 *   (request.protocol ignores X-Forwarded-Proto from anyone else). Helmet's HSTS is sent on every
 *   answer whatever its protocol, so this one stays a hook of its own.
 *
 * Helmet's other headers are off here: pages get theirs (Content-Security-Policy, Referrer-Policy,
 * X-Frame-Options, Permissions-Policy) from plugins/spa.ts as one list made once at start, the
 * sign-in pages from auth/pages/render.ts, /api/docs from plugins/openapi.ts (docs/security.md says why).
 */
async function securityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    global: true,
    xContentTypeOptions: true,
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  });
  // A callback hook (no promise per response).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https' && !reply.hasHeader('strict-transport-security')) {
      reply.header('strict-transport-security', HSTS);
    }
    done(null, payload);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
