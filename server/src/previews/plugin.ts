import fp from 'fastify-plugin';
import { LiveBlogReader } from '../live-blog/live-entries-view.ts';
import { LiveEntriesRepository } from '../live-blog/repositories/live-entries.ts';
import { ImagesRepository } from '../repositories/images-repository.ts';
import { PreviewLinksRepository } from '../repositories/preview-links.ts';
import { PreviewPages } from './preview-page.ts';
import { adminPreviewLinkRoutes } from './routes/admin-preview-link.ts';
import { publicPreviewRoutes } from './routes/public-preview.ts';

/**
 * Preview links (decision 042), all of their HTTP side: the newsroom's API under /api/admin (turn an
 * unpublished article's link on or off, see whether one is on) and the secret page /preview/{token}.
 */
export default fp(
  async (app) => {
    const { db, dialect } = app.database;
    const repo = new PreviewLinksRepository(db, dialect);
    // A draft live blog's entries, read as the public article read gives them; the page opens no
    // stream, so it needs no event id to replay from.
    const live = new LiveBlogReader(new LiveEntriesRepository(db), new ImagesRepository(db), () => Promise.resolve(0));
    await app.register(adminPreviewLinkRoutes, { prefix: '/api/admin', repo });
    await app.register(publicPreviewRoutes, { repo, live, pages: await PreviewPages.load(app) });
  },
  { name: 'previews', dependencies: ['problem', 'auth', 'news', 'page-settings'] },
);
