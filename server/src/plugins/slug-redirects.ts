import fp from 'fastify-plugin';
import { redirectFor } from '../repositories/slug-redirects.ts';

const ARTICLE_PAGE = /^\/article\/([a-z0-9-]{1,200})\/?(\?.*)?$/;
/** Author and tag pages and their feeds: /author/{slug}, /tag/{slug}, /feeds/author/{slug}/rss.xml, … */
const LISTING_PAGE = /^(\/feeds)?\/(author|tag)\/([a-z0-9-]{1,200})(\/rss\.xml)?\/?(\?.*)?$/;

/**
 * Old links keep working: when a published article's headline (and so its slug) changes, the page
 * `/article/<old-slug>` answers 301 to `/article/<new-slug>` (the query string kept); so do the pages
 * and feeds of a renamed author or tag (`/author/<old-slug>`, `/feeds/tag/<old-slug>/rss.xml`). Runs before
 * the page is rendered; paths that are not article pages cost nothing, and the slug of a published
 * article (a live article always wins over a redirect) costs a lookup in the news cache, no query.
 */
export default fp(
  async (app) => {
    // A callback hook: requests that are not article pages pass straight on, without a promise.
    app.addHook('onRequest', (request, reply, done) => {
      const read = request.method === 'GET' || request.method === 'HEAD';
      const listing = read ? LISTING_PAGE.exec(request.url) : null;
      if (listing) {
        // A renamed author's or tag's old slug: 301 to the current one (a record with the slug wins).
        const [, feeds = '', kind, slug, rss = '', query = ''] = listing;
        const plural = kind === 'author' ? 'authors' : 'tags';
        listingTarget(plural, slug!).then(
          (target) => {
            if (!target) return done();
            reply
              .code(301)
              .header('location', `${feeds}/${kind}/${target}${rss}${query}`)
              .header('cache-control', 'public, max-age=300')
              .send();
          },
          (err: Error) => done(err),
        );
        return;
      }
      const m = read ? ARTICLE_PAGE.exec(request.url) : null;
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

    async function listingTarget(kind: 'authors' | 'tags', slug: string): Promise<string | undefined> {
      const live = kind === 'authors' ? await app.publicNews.authorPage(slug) : await app.publicNews.tagPage(slug);
      if (live) return undefined;
      return app.publicNews.movedTo(kind, slug);
    }

    async function redirectTarget(slug: string): Promise<string | undefined> {
      if (await app.publicNews.article(slug)) return undefined;
      return redirectFor(app.database.db, slug);
    }
  },
  { name: 'slug-redirects', dependencies: ['news'] },
);
