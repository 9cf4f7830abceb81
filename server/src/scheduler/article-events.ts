import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AdminArticle } from '../../../common/admin-contract.ts';
import { announceStories } from '../live/story-events.ts';
import { clearNewsCache } from '../services/news-cache.ts';

/** How an article went public: an editor's Publish, the scheduler, or a restore from the trash. */
export type PublishedHow = 'manual' | 'scheduled' | 'restored';

export interface ArticlePublishedEvent {
  article: AdminArticle;
  how: PublishedHow;
}

/**
 * In-process article events for features that react to publication (e.g. posting to social
 * networks): `app.articleEvents.on('published', ({ article, how }) => ...)`. Emitted once per
 * publication, after it is committed, on the instance that published it. A listener that throws
 * is logged; it never undoes or blocks the publication.
 */
export class ArticleEvents extends EventEmitter<{ published: [ArticlePublishedEvent] }> {}

declare module 'fastify' {
  interface FastifyInstance {
    articleEvents: ArticleEvents;
  }
}

/**
 * What every publication does, whoever publishes: the public caches go, the live streams get a
 * `story-published` event per article (in the background; a failure is logged), listeners hear of it.
 */
export function announcePublished(app: FastifyInstance, articles: AdminArticle[], how: PublishedHow): void {
  if (articles.length === 0) return;
  clearNewsCache(app);
  void announceStories(
    app,
    'story-published',
    articles.map((a) => a.id),
  );
  for (const article of articles) {
    try {
      app.articleEvents?.emit('published', { article, how });
    } catch (err) {
      app.log.error({ err, articleId: article.id }, 'an article-published listener failed');
    }
  }
}

export default fp(
  async (app) => {
    app.decorate('articleEvents', new ArticleEvents());
  },
  { name: 'article-events' },
);
