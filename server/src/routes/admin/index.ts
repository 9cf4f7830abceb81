import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AdminArticlesRepository } from '../../repositories/admin-articles.ts';
import { adminDb } from '../../repositories/admin-tables.ts';
import { createActivityThrottle, recordEditorActivity } from '../../repositories/activity-editors.ts';
import articleRoutes from './articles/index.ts';
import auditRoutes from './audit.ts';
import imageRoutes from './images.ts';
import categoryRoutes from './categories.ts';
import { editorOf } from './context.ts';
import dashboardRoutes from './dashboard.ts';
import { typeboxValidatorCompiler } from '../../domain/typebox-validation.ts';

/**
 * The admin API under /api/admin (docs/product.md, The API). Every route needs a signed-in
 * editor; every response says Cache-Control: no-store.
 */
async function adminApi(app: FastifyInstance) {
  // Query and path values are converted from text; JSON bodies are checked strictly (no coercion).
  app.setValidatorCompiler(typeboxValidatorCompiler);

  // The admin client sends `Content-Type: application/json` on every call, also on the
  // bodiless publish/unpublish/delete: an empty body is accepted (as no body) here.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Authentication runs first (onRequest), so nothing about the request is judged before it:
  // a request without a valid token gets 401, never a 400 that reveals the API's rules.
  app.addHook('onRequest', app.requireEditor);

  // Editors' last activity, for the dashboard's Active Users: one write per editor per minute.
  const throttle = createActivityThrottle();
  const db = adminDb(app.database.db);
  app.addHook('onRequest', async (request) => {
    const editor = editorOf(request);
    if (!editor) return;
    const now = Date.now();
    if (!throttle.due(editor.subject, now)) return;
    try {
      await recordEditorActivity(db, editor, new Date(now).toISOString());
    } catch (err) {
      throttle.forget(editor.subject);
      request.log.warn({ err }, 'could not record editor activity');
    }
  });

  const shares = app.hasDecorator('articleShares') ? app.articleShares : undefined;
  const articles = new AdminArticlesRepository(app.database.db, app.database.dialect, shares?.onPublished.bind(shares));
  await app.register(dashboardRoutes, { articles });
  await app.register(categoryRoutes);
  await app.register(articleRoutes, { articles });
  await app.register(auditRoutes);
  await app.register(imageRoutes);
}

export default fp(
  async (app) => {
    await app.register(adminApi, { prefix: '/api/admin' });
  },
  { name: 'admin-api', dependencies: ['problem', 'auth', 'article-events', 'images'] },
);
