import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ArticleReadsRepository } from '../repositories/article-reads.ts';
import { readsRoutes } from '../routes/news/reads.ts';
import { ArticleReads, type ReadCountingOptions } from './article-reads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Read counting and the 'MOST READ' list (reads/article-reads.ts, decision 049). */
    articleReads: ArticleReads;
  }
}

/**
 * Read counts (decision 049): app.articleReads, the public beacon and list routes (routes/news/reads.ts).
 * The counts are written every few seconds once the app is ready, and what is left on close.
 */
export default fp(
  async function articleReadsPlugin(app: FastifyInstance, options: ReadCountingOptions) {
    const reads = new ArticleReads(new ArticleReadsRepository(app.database.db), app.log, options);
    app.decorate('articleReads', reads);
    // An article unpublished or deleted is refused at once, not after the publication cache's seconds.
    app.newsCache.onClear(() => reads.forgetPublication());
    await app.register(readsRoutes);
    app.addHook('onReady', async () => reads.start());
    app.addHook('onClose', async () => reads.stop());
  },
  { name: 'article-reads', dependencies: ['news'] },
);
