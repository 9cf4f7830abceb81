import fp from 'fastify-plugin';
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
    const repo = new PreviewLinksRepository(app.database.db, app.database.dialect);
    await app.register(adminPreviewLinkRoutes, { prefix: '/api/admin', repo });
    await app.register(publicPreviewRoutes, { repo, pages: await PreviewPages.load(app) });
  },
  { name: 'previews', dependencies: ['problem', 'auth', 'news', 'page-settings'] },
);
