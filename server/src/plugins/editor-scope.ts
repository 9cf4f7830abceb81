import type { FastifyInstance } from 'fastify';
import { PRIVATE_CACHE_CONTROL } from './http-cache.ts';

/**
 * What every editors-only API scope sets up on its (encapsulated) instance:
 * - the admin client sends `Content-Type: application/json` on every call, also on bodiless
 *   POST/DELETE requests: an empty body is accepted as no body;
 * - answers are never cached (`Cache-Control: private, no-store`);
 * - authentication runs first (onRequest), so nothing about the request is judged before it: a
 *   request without a valid token gets 401, never a 400 that reveals the API's rules.
 */
export function useEditorScope(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  });
  app.addHook('onRequest', app.requireEditor);
}
