import fp from 'fastify-plugin';
import { redirectFor } from '../repositories/slug-redirects.ts';

const ARTICLE_PAGE = /^\/article\/([a-z0-9-]{1,200})\/?(\?.*)?$/;

/**
 * Old links keep working: when a published article's headline (and so its slug) changes, the page
 * `/article/<old-slug>` answers 301 to `/article/<new-slug>` (the query string kept). Runs before
 * the page is rendered; paths that are not article pages cost nothing.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const m = ARTICLE_PAGE.exec(request.url);
      if (!m) return;
      const target = await redirectFor(app.database.db, m[1]!);
      if (!target) return;
      return reply
        .code(301)
        .header('location', `/article/${target}${m[2] ?? ''}`)
        .header('cache-control', 'public, max-age=300')
        .send();
    });
  },
  { name: 'slug-redirects' },
);
