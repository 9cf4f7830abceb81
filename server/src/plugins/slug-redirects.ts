import fp from 'fastify-plugin';
import { redirectFor } from '../repositories/slug-redirects.ts';

const ARTICLE_PAGE = /^\/article\/([a-z0-9-]{1,200})\/?(\?.*)?$/;

/**
 * Old links keep working: when a published article's headline (and so its slug) changes, the page
 * `/article/<old-slug>` answers 301 to `/article/<new-slug>` (the query string kept). Runs before
 * the page is rendered; paths that are not article pages cost nothing, and the slug of a published
 * article (a live article always wins over a redirect) costs a lookup in the news cache, no query.
 */
export default fp(
  async (app) => {
    // A callback hook: requests that are not article pages pass straight on, without a promise.
    app.addHook('onRequest', (request, reply, done) => {
      const m = request.method === 'GET' || request.method === 'HEAD' ? ARTICLE_PAGE.exec(request.url) : null;
      if (!m) return done();
      redirectTarget(m[1]!).then(
        (target) => {
          if (!target) return done();
          reply
            .code(301)
            .header('location', `/article/${target}${m[2] ?? ''}`)
            .header('cache-control', 'public, max-age=300')
            .send();
        },
        (err: Error) => done(err),
      );
    });

    async function redirectTarget(slug: string): Promise<string | undefined> {
      if (await app.publicNews.article(slug)) return undefined;
      return redirectFor(app.database.db, slug);
    }
  },
  { name: 'slug-redirects', dependencies: ['news'] },
);
