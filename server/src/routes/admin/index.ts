import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AdminArticlesRepository } from '../../repositories/admin-articles.ts';
import { createActivityThrottle, recordEditorActivity } from '../../repositories/activity-editors.ts';
import articleRoutes from './articles/index.ts';
import articleNoteRoutes from './article-notes.ts';
import auditRoutes from './audit.ts';
import calendarRoutes from './calendar.ts';
import authorsAndTagsRoutes from './authors-and-tags.ts';
import imageRoutes from './images.ts';
import categoryRoutes from './categories.ts';
import { editorOf } from '../../auth/actor.ts';
import dashboardRoutes from './dashboard.ts';
import mostReadRoutes from './most-read.ts';
import { useEditorScope } from '../../plugins/editor-scope.ts';
import { articleWriteHooks } from '../../plugins/article-write-hooks.ts';

/**
 * The admin API under /api/admin (docs/product.md, The API). Every route needs a signed-in
 * editor; every response says Cache-Control: no-store.
 */
async function adminApi(app: FastifyInstance) {
  useEditorScope(app);

  // Editors' last activity, for the dashboard's Active Users: one write per editor per minute.
  const throttle = createActivityThrottle();
  const db = app.database.db;
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

  const hooks = articleWriteHooks(app);
  const articles = new AdminArticlesRepository(
    app.database.db,
    app.database.dialect,
    hooks.onPublished,
    hooks.onChanged,
    hooks.onPurged,
  );
  await app.register(dashboardRoutes, { articles });
  await app.register(mostReadRoutes);
  await app.register(categoryRoutes);
  await app.register(articleRoutes, { articles });
  await app.register(articleNoteRoutes);
  await app.register(auditRoutes);
  await app.register(calendarRoutes);
  await app.register(authorsAndTagsRoutes);
  await app.register(imageRoutes);
}

export default fp(
  async (app) => {
    await app.register(adminApi, { prefix: '/api/admin' });
  },
  { name: 'admin-api', dependencies: ['problem', 'auth', 'article-events', 'images'] },
);
