import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { PRIVATE_CACHE_CONTROL } from './http-cache.ts';

/**
 * What a shared cache (the shipped nginx, a CDN) may keep: only answers to requests without
 * credentials. Every answer to a request that carries an `Authorization` header or a cookie, and
 * every answer to a write (any method but GET and HEAD), says `Cache-Control: private, no-store`,
 * whatever the route set: no cache in between keeps an answer that may hold one reader's data, even
 * a cache configured less carefully than the shipped one (docs/decisions/028-shared-cache.md).
 */
async function sharedCache(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const { method, headers } = request;
    if (headers.authorization !== undefined || headers.cookie !== undefined || (method !== 'GET' && method !== 'HEAD'))
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    done(null, payload);
  });
}

export default fp(sharedCache, { name: 'shared-cache' });
