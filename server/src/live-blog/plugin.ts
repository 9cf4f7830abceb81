import fp from 'fastify-plugin';
import { AdminArticlesRepository } from '../repositories/admin-articles.ts';
import { LiveEntriesRepository } from './repositories/live-entries.ts';
import { adminLiveRoutes } from './routes/admin-live.ts';
import { publicLiveRoutes } from './routes/public-live.ts';

/**
 * Live blogs (decision 037), all of their HTTP side: the newsroom's coverage and entries API under
 * /api/admin and the readers' older entries (GET /News/slug/{slug}/entries). The article read's
 * `live` and the older pages are read by app.publicNews (through LiveBlogReader), as the article page reads them.
 */
export default fp(
  async (app) => {
    const db = app.database.db;
    const repo = new LiveEntriesRepository(db);
    const articles = new AdminArticlesRepository(db, app.database.dialect);
    // app.newsCache.clear() reaches every instance (news-cache-sync), and the page and feed caches with it.
    const clearCaches = () => app.newsCache.clear();
    await app.register(adminLiveRoutes, { prefix: '/api/admin', repo, articles, clearCaches });
    await app.register(publicLiveRoutes);
  },
  { name: 'live-blog', dependencies: ['problem', 'auth', 'news', 'images'] },
);
